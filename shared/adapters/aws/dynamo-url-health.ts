/**
 * Per notification URL delivery health (timeouts in the window, pause) on DynamoDB: one item per URL, shared by
 * every merchant using it. Read-modify-write guarded by `version`, so concurrent timeouts each count exactly once.
 * Reads for a delivery are cached per container for a few seconds (a read per callback would cost as much as the
 * callback's own writes): a pause another container sets is seen here within that time; our own writes at once.
 */
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { UrlHealth } from '../../protocol/callbacks/url-pause.js';
import { HEALTHY } from '../../protocol/callbacks/url-pause.js';
import type { UrlHealthStore } from '../../ports/callbacks.js';
import { ddbClient } from './aws-clients.js';

const MAX_CONFLICT_RETRIES = 20;

export const urlHealthKey = (url: string) => ({ pk: `CALLBACK_URL#${createHash('sha256').update(url).digest('hex')}`, sk: 'HEALTH' });

export class DynamoUrlHealth implements UrlHealthStore {
  private readonly cache = new Map<string, { at: number; health: UrlHealth; version: number }>();

  constructor(
    private readonly tableName: string,
    private readonly cacheMs = 5000,
  ) {}

  async get(url: string): Promise<UrlHealth> {
    const hit = this.cache.get(url);
    if (hit && Date.now() - hit.at < this.cacheMs) return hit.health;
    return (await this.read(url)).health;
  }

  async update(url: string, change: (current: UrlHealth) => UrlHealth | undefined): Promise<UrlHealth> {
    for (let i = 0; i < MAX_CONFLICT_RETRIES; i++) {
      const { health, version } = await this.read(url);
      const next = change(health);
      if (!next) return health;
      try {
        await ddbClient().send(
          new PutCommand({
            TableName: this.tableName,
            Item: { ...urlHealthKey(url), kind: 'callback-url-health', url, ...next, version: version + 1 },
            ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
            ...(version === 0 ? {} : { ExpressionAttributeValues: { ':v': version } }),
          }),
        );
        this.remember(url, next, version + 1);
        return next;
      } catch (err) {
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
        // Someone else changed it between our read and write: re-read and apply ours on top.
      }
    }
    throw new Error('Callback URL health: too many concurrent updates');
  }

  private async read(url: string): Promise<{ health: UrlHealth; version: number }> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: urlHealthKey(url), ConsistentRead: true }));
    if (!res.Item) return this.remember(url, HEALTHY, 0);
    const { timeoutsAt, pausedUntil, version } = res.Item as { timeoutsAt?: string[]; pausedUntil?: string; version: number };
    return this.remember(url, { timeoutsAt: timeoutsAt ?? [], ...(pausedUntil ? { pausedUntil } : {}) }, version);
  }

  /** Concurrent writers finish in any order: the highest version wins the cache. */
  private remember(url: string, health: UrlHealth, version: number): { health: UrlHealth; version: number } {
    const hit = this.cache.get(url);
    if (!hit || hit.version <= version) this.cache.set(url, { at: Date.now(), health, version });
    return { health, version };
  }
}
