/**
 * Per-merchant callback signing secrets on DynamoDB, sealed by the SecretBox (KMS envelope) before they get here.
 * Stored beside the merchant profile (pk MERCHANT#<client_key>, sk CALLBACK_SECRET); writes are conditional on version.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SigningSecretStore, StoredSigningSecrets } from '../operations/callbacks/ports.js';
import { awsClients } from './aws-clients.js';
import { keys } from './table-keys.js';

const secretKey = (clientKey: string) => ({ pk: keys.merchant(clientKey).pk, sk: 'CALLBACK_SECRET' });

export class DynamoCallbackSecrets implements SigningSecretStore {
  constructor(private readonly tableName: string) {}

  async get(clientKey: string): Promise<StoredSigningSecrets | undefined> {
    const res = await awsClients().ddb.send(new GetCommand({ TableName: this.tableName, Key: secretKey(clientKey), ConsistentRead: true }));
    if (!res.Item) return undefined;
    const { current, previous, previousUntil, rotatedAt, version } = res.Item as StoredSigningSecrets;
    return { current, previous, previousUntil, rotatedAt, version };
  }

  async put(clientKey: string, next: StoredSigningSecrets, expectedVersion: number): Promise<boolean> {
    try {
      await awsClients().ddb.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...secretKey(clientKey), kind: 'callback-secret', ...next, version: expectedVersion + 1 },
          ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
          ...(expectedVersion === 0 ? {} : { ExpressionAttributeValues: { ':v': expectedVersion } }),
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }
}
