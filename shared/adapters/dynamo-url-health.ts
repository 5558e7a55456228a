/**
 * Per notification URL delivery health (timeouts in the window, pause) on DynamoDB: one item per URL, shared by
 * every merchant using it. Read-modify-write guarded by `version`, so concurrent timeouts each count exactly once.
 */
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { UrlHealth } from '../protocol/callbacks/url-pause.js';
import { HEALTHY } from '../protocol/callbacks/url-pause.js';
import type { UrlHealthStore } from '../ports/callbacks.js';
import { awsClients } from './aws-clients.js';

const MAX_CONFLICT_RETRIES = 20;

export const urlHealthKey = (url: string) => ({ pk: `CALLBACK_URL#${createHash('sha256').update(url).digest('hex')}`, sk: 'HEALTH' });

export class DynamoUrlHealth implements UrlHealthStore {
  constructor(private readonly tableName: string) {}

  async get(url: string): Promise<UrlHealth> {
    return (await this.read(url)).health;
  }

  async update(url: string, change: (current: UrlHealth) => UrlHealth | undefined): Promise<UrlHealth> {
    for (let i = 0; i < MAX_CONFLICT_RETRIES; i++) {
      const { health, version } = await this.read(url);
      const next = change(health);
      if (!next) return health;
      try {
        await awsClients().ddb.send(
          new PutCommand({
            TableName: this.tableName,
            Item: { ...urlHealthKey(url), kind: 'callback-url-health', url, ...next, version: version + 1 },
            ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
            ...(version === 0 ? {} : { ExpressionAttributeValues: { ':v': version } }),
          }),
        );
        return next;
      } catch (err) {
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
        // Someone else changed it between our read and write: re-read and apply ours on top.
      }
    }
    throw new Error('Callback URL health: too many concurrent updates');
  }

  private async read(url: string): Promise<{ health: UrlHealth; version: number }> {
    const res = await awsClients().ddb.send(new GetCommand({ TableName: this.tableName, Key: urlHealthKey(url), ConsistentRead: true }));
    if (!res.Item) return { health: HEALTHY, version: 0 };
    const { timeoutsAt, pausedUntil, version } = res.Item as { timeoutsAt?: string[]; pausedUntil?: string; version: number };
    return { health: { timeoutsAt: timeoutsAt ?? [], ...(pausedUntil ? { pausedUntil } : {}) }, version };
  }
}
