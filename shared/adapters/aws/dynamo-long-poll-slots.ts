/**
 * Long-poll slots on DynamoDB: one item per merchant (`MERCHANT#<client_key>` / `LONG_POLLS`) with an attribute per
 * slot holding when its claim ends. A claim is a conditional write on a free or expired slot, tried slot by slot; a
 * release removes the slot only if it still holds the same claim. Nothing is read first.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LongPollSlots } from '../../ports/long-poll-slots.js';
import { ddbClient } from './aws-clients.js';

const key = (clientKey: string) => ({ pk: `MERCHANT#${clientKey}`, sk: 'LONG_POLLS' });

export class DynamoLongPollSlots implements LongPollSlots {
  constructor(
    private readonly tableName: string,
    private readonly slots: number,
  ) {}

  async claim(clientKey: string, until: string, now: string): Promise<number | undefined> {
    for (let slot = 0; slot < this.slots; slot++) {
      try {
        await ddbClient().send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: key(clientKey),
            UpdateExpression: 'SET #s = :until',
            ConditionExpression: 'attribute_not_exists(#s) OR #s < :now',
            ExpressionAttributeNames: { '#s': `s${slot}` },
            ExpressionAttributeValues: { ':until': until, ':now': now },
          }),
        );
        return slot;
      } catch (err) {
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
      }
    }
    return undefined;
  }

  async release(clientKey: string, slot: number, until: string): Promise<void> {
    try {
      await ddbClient().send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: key(clientKey),
          UpdateExpression: 'REMOVE #s',
          ConditionExpression: '#s = :until',
          ExpressionAttributeNames: { '#s': `s${slot}` },
          ExpressionAttributeValues: { ':until': until },
        }),
      );
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
  }
}
