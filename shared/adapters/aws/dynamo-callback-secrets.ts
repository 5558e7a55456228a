/**
 * Per-merchant callback signing secrets on DynamoDB, sealed by the SecretBox (KMS envelope) before they get here.
 * Stored beside the merchant profile (pk MERCHANT#<client_key>, sk CALLBACK_SECRET); writes are conditional on version.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SigningSecretStore, StoredSigningSecrets } from '../../ports/callbacks.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { ddbClient } from './aws-clients.js';
import { versionedPut } from './versioned-put.js';
import { keys } from './table-keys.js';

const secretKey = (clientKey: string) => ({ pk: keys.merchant(clientKey).pk, sk: 'CALLBACK_SECRET' });

export class DynamoCallbackSecrets implements SigningSecretStore {
  constructor(private readonly tableName: string) {}

  async get(clientKey: string): Promise<StoredSigningSecrets | undefined> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: secretKey(clientKey), ConsistentRead: true }));
    if (!res.Item) return undefined;
    const { current, previous, previousUntil, rotatedAt, version } = res.Item as StoredSigningSecrets;
    return { current, previous, previousUntil, rotatedAt, version };
  }

  async put(clientKey: string, next: StoredSigningSecrets, expectedVersion: number, opts: Alongside = {}): Promise<boolean> {
    return versionedPut(
      this.tableName,
      { ...secretKey(clientKey), kind: 'callback-secret', ...next, version: expectedVersion + 1 },
      expectedVersion,
      opts.alongside,
    );
  }
}
