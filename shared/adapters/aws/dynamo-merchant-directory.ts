/**
 * Merchants and MIDs on DynamoDB. One Query reads a merchant's profile and all its MIDs (same partition);
 * the result is cached per container for CONFIG_CACHE_TTL_SECONDS so a SALE usually needs no config read at all.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Merchant, MerchantConfig, Mid, MidLimits } from '../../domain/merchant.js';
import { RoutingConflictError, type RoutingTable } from '../../domain/routing.js';
import { DEFAULT_MAPPINGS, paymentModeOf } from '../../domain/merchant.js';
import type { MerchantChanges, MerchantDirectory } from '../../ports/merchant-directory.js';
import type { SecretBox } from '../../ports/secret-box.js';
import { ValidationError } from '../../domain/errors.js';
import { itemsOf } from './index-items.js';
import { ddbClient } from './aws-clients.js';
import { writeItem } from './transaction-items.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { keys } from './table-keys.js';
import { DynamoMidHealth, midHealthOf } from './dynamo-mid-health.js';
import { newerHealth, type MidHealth, type MidHealthPolicy } from '../../domain/mid-health.js';
import type { MidFailureRecorded, MidTrialClaim } from '../../ports/mid-health.js';

type StoredMerchant = Omit<Merchant, 'password'> & { passwordSealed: string };

export class DynamoMerchantDirectory implements MerchantDirectory {
  private readonly cache = new Map<string, { at: number; value: MerchantConfig | undefined }>();
  private readonly health: DynamoMidHealth;

  constructor(
    private readonly tableName: string,
    private readonly secrets: SecretBox,
    private readonly ttlMs: number,
  ) {
    this.health = new DynamoMidHealth(tableName);
  }

  async get(clientKey: string): Promise<MerchantConfig | undefined> {
    const hit = this.cache.get(clientKey);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = await this.load(clientKey);
    this.cache.set(clientKey, { at: Date.now(), value });
    return value;
  }

  private async load(clientKey: string): Promise<MerchantConfig | undefined> {
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.merchant(clientKey).pk },
      }),
    );
    const items = res.Items ?? [];
    const profile = items.find((i) => i.sk === 'PROFILE');
    if (!profile) return undefined;
    return {
      merchant: await this.toMerchant(profile as unknown as StoredMerchant),
      mids: items.filter((i) => String(i.sk).startsWith('MID#')).map((i) => toMid(stripKeys(i) as unknown as Mid)),
      ...routingOf(items.find((i) => i.sk === ROUTING_SK)),
      midHealth: midHealthOf(items),
    };
  }

  private async toMerchant(stored: StoredMerchant): Promise<Merchant> {
    const { passwordSealed, ...rest } = stripKeys(stored as unknown as Record<string, unknown>) as unknown as StoredMerchant;
    return {
      ...rest,
      mappings: { ...DEFAULT_MAPPINGS, ...rest.mappings },
      password: await this.secrets.open(passwordSealed, passwordContext(stored.clientKey)),
    };
  }

  async create(merchant: Merchant): Promise<void> {
    const { password, ...rest } = merchant;
    try {
      await writeItem(ddbClient(), {
        Put: {
          TableName: this.tableName,
          Item: {
            ...keys.merchant(merchant.clientKey),
            ...keys.merchantListing(merchant.clientKey),
            kind: 'merchant',
            ...rest,
            passwordSealed: await this.secrets.seal(password, passwordContext(merchant.clientKey)),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw ValidationError.field('client_key', 'This value is already used.');
      throw err;
    }
    this.cache.delete(merchant.clientKey);
  }

  async update(clientKey: string, changes: MerchantChanges, opts: Alongside = {}): Promise<Merchant> {
    const { password, ...rest } = changes;
    const fields: Record<string, unknown> = { ...rest };
    if (password) fields.passwordSealed = await this.secrets.seal(password, passwordContext(clientKey));
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    const removes: string[] = [];
    Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .forEach(([k, v], i) => {
        names[`#f${i}`] = k;
        if (v === null) removes.push(`#f${i}`);
        else {
          values[`:v${i}`] = v;
          sets.push(`#f${i} = :v${i}`);
        }
      });
    if (sets.length + removes.length === 0) throw ValidationError.field('', 'Nothing to update.');
    const expression = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].join(' ').trim();
    try {
      const res = await writeItem(
        ddbClient(),
        {
          Update: {
            TableName: this.tableName,
            Key: keys.merchant(clientKey),
            UpdateExpression: expression,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: names,
            ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
            ReturnValues: 'ALL_NEW',
          },
        },
        opts.alongside,
      );
      this.cache.delete(clientKey);
      return this.toMerchant(res.Attributes as unknown as StoredMerchant);
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw ValidationError.notCorrect('client_key');
      throw err;
    }
  }

  async putMid(clientKey: string, mid: Mid): Promise<void> {
    await writeItem(ddbClient(), { Put: { TableName: this.tableName, Item: { ...keys.mid(clientKey, mid.midId), kind: 'mid', ...mid } } });
    this.cache.delete(clientKey);
  }

  async setMidLimits(clientKey: string, midId: string, limits: MidLimits | undefined, opts: Alongside = {}): Promise<void> {
    await writeItem(
      ddbClient(),
      {
        Update: {
          TableName: this.tableName,
          Key: keys.mid(clientKey, midId),
          UpdateExpression: limits ? 'SET limits = :l' : 'REMOVE limits',
          ConditionExpression: 'attribute_exists(pk)',
          ...(limits ? { ExpressionAttributeValues: { ':l': limits } } : {}),
        },
      },
      opts.alongside,
    );
    this.cache.delete(clientKey);
  }

  /** Replaces the routing table if its stored version is still `table.version - 1` (0: none stored yet). */
  async putRouting(clientKey: string, table: RoutingTable, opts: Alongside = {}): Promise<void> {
    const key = { pk: keys.merchant(clientKey).pk, sk: ROUTING_SK };
    try {
      await writeItem(
        ddbClient(),
        {
          Put: {
            TableName: this.tableName,
            Item: { ...key, kind: 'routing', ...table },
            ConditionExpression: table.version === 1 ? 'attribute_not_exists(pk)' : 'version = :previous',
            ...(table.version === 1 ? {} : { ExpressionAttributeValues: { ':previous': table.version - 1 } }),
          },
        },
        opts.alongside,
      );
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw new RoutingConflictError();
      throw err;
    }
    this.cache.delete(clientKey);
  }

  async recordMidFailure(clientKey: string, midId: string, now: Date, policy: MidHealthPolicy): Promise<MidFailureRecorded> {
    const recorded = await this.health.recordFailure(clientKey, midId, now, policy);
    this.noteHealth(clientKey, midId, recorded.health);
    return recorded;
  }

  async closeMidCircuit(clientKey: string, midId: string, openedAt: string, now: Date): Promise<boolean> {
    const closed = await this.health.close(clientKey, midId, openedAt, now);
    if (closed) this.noteHealth(clientKey, midId, closed);
    return !!closed;
  }

  async claimMidTrial(clientKey: string, midId: string, openedAt: string, now: Date): Promise<MidTrialClaim> {
    const claim = await this.health.claimTrial(clientKey, midId, openedAt, now);
    if (claim.health) this.noteHealth(clientKey, midId, claim.health);
    return claim;
  }

  /** This container's cached configuration takes the health it just wrote, so its next payment routes by it. */
  private noteHealth(clientKey: string, midId: string, health: MidHealth): void {
    const hit = this.cache.get(clientKey);
    if (!hit?.value || newerHealth(hit.value.midHealth?.[midId], health) !== health) return;
    hit.value = { ...hit.value, midHealth: { ...hit.value.midHealth, [midId]: health } };
  }

  async list(): Promise<Merchant[]> {
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'MERCHANTS' },
      }),
    );
    return Promise.all((await itemsOf(this.tableName, res.Items ?? [])).map((i) => this.toMerchant(i as unknown as StoredMerchant)));
  }
}

/** MIDs stored before 6.7.0 have no payment mode: they are read as SMS/DMS (the release's migration rule). */
function toMid(stored: Mid): Mid {
  return { ...stored, paymentMode: paymentModeOf(stored) };
}

export function passwordContext(clientKey: string): string {
  return `merchant-password:${clientKey}`;
}

/** The merchant's ROUTING item (docs/routing.md), in the same partition: read by the same Query, no extra trip. */
const ROUTING_SK = 'ROUTING';

function routingOf(item: Record<string, unknown> | undefined): { routing?: RoutingTable } {
  return item ? { routing: stripKeys(item) as unknown as RoutingTable } : {};
}

function stripKeys(item: Record<string, unknown>): Record<string, unknown> {
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, kind: _e, ...rest } = item;
  return rest;
}
