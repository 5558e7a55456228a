/**
 * OrderOwners in a DynamoDB table (key `order_number`), shared by every Lambda instance. The claim is one
 * conditional write, so two users racing for one order number cannot both own it.
 */
import { ConditionalCheckFailedException, DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { OrderOwners } from './order-owners.js';

export function dynamoOrderOwners(tableName: string, client = new DynamoDBClient({})): OrderOwners {
  return {
    async claim(orderNumber, userId) {
      try {
        await client.send(
          new PutItemCommand({
            TableName: tableName,
            Item: { order_number: { S: orderNumber }, user_id: { S: userId }, claimed_at: { S: new Date().toISOString() } },
            ConditionExpression: 'attribute_not_exists(order_number) OR user_id = :user',
            ExpressionAttributeValues: { ':user': { S: userId } },
          }),
        );
        return true;
      } catch (err) {
        if (err instanceof ConditionalCheckFailedException) return false;
        throw err;
      }
    },
    async ownerOf(orderNumber) {
      const answer = await client.send(
        new GetItemCommand({ TableName: tableName, Key: { order_number: { S: orderNumber } }, ConsistentRead: true }),
      );
      return answer.Item?.user_id?.S;
    },
  };
}
