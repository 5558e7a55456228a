/**
 * Merchant API keys on the payments table (docs/data-model.md). Two items per key, written and revoked together:
 *   APIKEY#<sha256 of the key> / API_KEY          what a request's key is looked up by; deleted on revocation
 *   APIKEYS#<client_key>       / KEY#<key_id>     the merchant's listing, with the hash; kept, marked revoked
 * The key itself is never written. Lookups read strongly consistent, so a revoked key fails its next request.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiKeyRecord } from '../../domain/api-key.js';
import type { ApiKeyStore } from '../../ports/api-keys.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { withEntries } from './transaction-items.js';
import { ddbClient } from './aws-clients.js';
import { queryAll } from './query-all.js';
import { keys } from './table-keys.js';

const FIELDS = ['keyId', 'clientKey', 'kind', 'hint', 'createdAt', 'createdBy', 'revokedAt', 'revokedBy'] as const;

function recordOf(item: Record<string, unknown>): ApiKeyRecord {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) if (item[f] !== undefined) out[f] = item[f];
  return out as unknown as ApiKeyRecord;
}

export class DynamoApiKeys implements ApiKeyStore {
  constructor(private readonly tableName: string) {}

  async create(record: ApiKeyRecord, hash: string, opts: Alongside = {}): Promise<void> {
    await ddbClient().send(
      new TransactWriteCommand({
        TransactItems: withEntries(
          [
            {
              Put: {
                TableName: this.tableName,
                Item: { ...keys.apiKey(hash), ...record },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: this.tableName,
                Item: { ...keys.apiKeyListing(record.clientKey, record.keyId), ...record, hash },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
          opts.alongside,
        ),
      }),
    );
    opts.alongside?.markStored();
  }

  async byHash(hash: string): Promise<(ApiKeyRecord & { hash: string }) | undefined> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: keys.apiKey(hash), ConsistentRead: true }));
    if (!res.Item) return undefined;
    return { ...recordOf(res.Item), hash: String(res.Item.pk).slice('APIKEY#'.length) };
  }

  async list(clientKey: string): Promise<ApiKeyRecord[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :k)',
      ExpressionAttributeValues: { ':pk': keys.apiKeyListing(clientKey, '').pk, ':k': 'KEY#' },
      ConsistentRead: true,
    });
    return items.map(recordOf).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }

  async revoke(clientKey: string, keyId: string, by: string, now: Date, opts: Alongside = {}): Promise<ApiKeyRecord | undefined> {
    const listing = keys.apiKeyListing(clientKey, keyId);
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: listing, ConsistentRead: true }));
    if (!res.Item) return undefined;
    if (res.Item.revokedAt) return recordOf(res.Item);
    const revokedAt = now.toISOString();
    try {
      await ddbClient().send(
        new TransactWriteCommand({
          TransactItems: withEntries(
            [
              { Delete: { TableName: this.tableName, Key: keys.apiKey(String(res.Item.hash)) } },
              {
                Update: {
                  TableName: this.tableName,
                  Key: listing,
                  UpdateExpression: 'SET revokedAt = :at, revokedBy = :by',
                  ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
                  ExpressionAttributeValues: { ':at': revokedAt, ':by': by },
                },
              },
            ],
            opts.alongside,
          ),
        }),
      );
      opts.alongside?.markStored();
    } catch (err) {
      // Revoked by someone else meanwhile: the key is revoked either way; answer as it is now.
      if (!(err instanceof TransactionCanceledException)) throw err;
      const again = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: listing, ConsistentRead: true }));
      return again.Item ? recordOf(again.Item) : undefined;
    }
    return { ...recordOf(res.Item), revokedAt, revokedBy: by };
  }
}
