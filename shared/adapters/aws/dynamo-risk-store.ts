/**
 * The risk check's counters on DynamoDB (docs/risk.md, docs/data-model.md):
 *   - `RISK#<client_key>` / `SETTINGS`: the merchant's thresholds;
 *   - `RISK#<client_key>` / `RULES`: the merchant's risk rules (`rules`, in order);
 *   - `RISK#<client_key>#MID#<mid_id>` / `VOLUME#<currency>#<day>`: the MID's `total` of the day, in minor units;
 *   - `RISK#<client_key>#CARD#<fingerprint>` / `COUNTER`: the card's attempts `a` and declines `d` (epoch seconds);
 *   - `RISK#<client_key>#IP#<ip>` / `COUNTER`: the IP's declines `d` (`<epoch>:<fingerprint>`), `blockedUntil`;
 *   - `RISK#<client_key>#DECLINES` / `H#<epoch hour>`: the merchant's declines per minute of that hour (`m0`..`m59`);
 *   - `RISK#<client_key>` / `BURST`: the merchant's burst cool-down (`blockedUntil`);
 *   - `BIN#<6 or 8 digits>` / `COUNTRY`: an imported BIN's issuing country (`country`).
 * Counters grow by `list_append` (atomic: concurrent requests each add theirs) and expire by TTL (`expiresAt`) once
 * their windows passed; the check reads them all with the settings in one BatchGetItem. The fingerprint key is a
 * platform secret (`PLATFORM` / `RISK_FINGERPRINT`) sealed by the card-data box like the payment-id secret, made by
 * the first caller with a conditional write.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SecretBox } from '../../ports/secret-box.js';
import type {
  BlocklistEntry,
  BlocklistScope,
  BlocklistType,
  CardCounter,
  IpCounter,
  MerchantDeclines,
  MidVolumeKey,
  RiskQuery,
  RiskSettings,
  RiskSnapshot,
  RiskStore,
} from '../../ports/risk-store.js';
import type { RiskRule } from '../../domain/risk-rules.js';
import { ddbClient } from './aws-clients.js';
import { itemsOf } from './index-items.js';

const CONTEXT = 'risk-fingerprint';
const SECRET_KEY = { pk: 'PLATFORM', sk: 'RISK_FINGERPRINT' };
const SETTING_FIELDS = [
  'ipDeclinedCards',
  'ipWindowSeconds',
  'cooldownSeconds',
  'cardAttempts',
  'cardDeclines',
  'cardWindowSeconds',
  'burstDeclines',
  'burstFactor',
  'burstCooldownSeconds',
] as const;
/** A merchant's hour of minute buckets lives this long after the hour: the burst reads 70 minutes back. */
const DECLINE_HOUR_KEEP_SECONDS = 3 * 3600;

export const riskKeys = {
  settings: (clientKey: string) => ({ pk: `RISK#${clientKey}`, sk: 'SETTINGS' }),
  rules: (clientKey: string) => ({ pk: `RISK#${clientKey}`, sk: 'RULES' }),
  midVolume: (k: MidVolumeKey) => ({ pk: `RISK#${k.clientKey}#MID#${k.midId}`, sk: `VOLUME#${k.currency}#${k.day}` }),
  card: (clientKey: string, card: string) => ({ pk: `RISK#${clientKey}#CARD#${card}`, sk: 'COUNTER' }),
  ip: (clientKey: string, ip: string) => ({ pk: `RISK#${clientKey}#IP#${ip}`, sk: 'COUNTER' }),
  /** One item per hour, one number per minute: a decline is one ADD, and the check reads 70 minutes in 3 keys. */
  merchantDeclines: (clientKey: string, hour: number) => ({ pk: `RISK#${clientKey}#DECLINES`, sk: `H#${hour}` }),
  burst: (clientKey: string) => ({ pk: `RISK#${clientKey}`, sk: 'BURST' }),
  /** One item a BIN, keyed by its digits: the check reads the card's 6- and 8-digit prefixes by key. */
  bin: (bin: string) => ({ pk: `BIN#${bin}`, sk: 'COUNTRY' }),
  block: (scope: BlocklistScope, type: BlocklistType, value: string) => ({ pk: `RISKLIST#${scope}`, sk: `${type}#${value}` }),
  /** A scope's IP ranges as one string set (`ranges`), so the check reads them with one key whatever their number. */
  ipRanges: (scope: BlocklistScope) => ({ pk: `RISKLIST#${scope}`, sk: 'IP_RANGES' }),
};

export type Item = Record<string, unknown>;

export class DynamoRiskStore implements RiskStore {
  private secret?: Promise<Buffer>;

  constructor(
    protected readonly tableName: string,
    private readonly box: () => SecretBox,
  ) {}

  async fingerprint(cardNumber: string): Promise<string> {
    // 128 bits: distinct cards never share a counter in practice, and the value says nothing about the number.
    return createHmac('sha256', await this.key())
      .update(cardNumber)
      .digest('hex')
      .slice(0, 32);
  }

  async read(q: RiskQuery): Promise<RiskSnapshot> {
    const blocks = (q.blocklist ?? []).map((b) => riskKeys.block(b.scope, b.type, b.value));
    const ranges = (q.ipRanges ?? []).map((scope) => ({ scope, key: riskKeys.ipRanges(scope) }));
    const hours = q.merchantDeclines ? hoursBetween(q.merchantDeclines.from, q.merchantDeclines.to) : [];
    const declineKeys = hours.map((h) => riskKeys.merchantDeclines(q.clientKey, h));
    const wanted = [
      riskKeys.settings(q.clientKey),
      riskKeys.rules(q.clientKey),
      ...(q.ip ? [riskKeys.ip(q.clientKey, q.ip)] : []),
      ...blocks,
      ...ranges.map((r) => r.key),
      ...(q.merchantDeclines ? [...declineKeys, riskKeys.burst(q.clientKey)] : []),
      ...(q.binPrefixes ?? []).map(riskKeys.bin),
    ];
    // One BatchGetItem (up to 100 keys: the check asks for 21 at most), eventually consistent: a key read costs half,
    // and a list entry or a decline counted a moment ago changes no decision that matters (the card's own counter
    // comes from its atomic append, not from this read).
    const items = await itemsOf(this.tableName, wanted, false);
    const find = (k: { pk: string; sk: string }) => items.find((i) => i.pk === k.pk && i.sk === k.sk);
    const ip = q.ip ? find(riskKeys.ip(q.clientKey, q.ip)) : undefined;
    return {
      settings: settingsOf(find(riskKeys.settings(q.clientKey))),
      rules: rulesOf(find(riskKeys.rules(q.clientKey))),
      ...(ip ? { ip: ipCounterOf(ip) } : {}),
      blocked: blocks
        .map(find)
        .filter((i): i is Item => i !== undefined)
        .map(entryOf),
      ipRanges: ranges.flatMap((r) =>
        [...((find(r.key)?.ranges as Set<string> | undefined) ?? [])].sort().map((value) => ({ scope: r.scope, value })),
      ),
      ...(q.merchantDeclines ? { merchantDeclines: merchantDeclinesOf(declineKeys.map(find), find(riskKeys.burst(q.clientKey))) } : {}),
      ...binCountryOf([...(q.binPrefixes ?? [])].sort((a, b) => b.length - a.length).map((b) => find(riskKeys.bin(b)))),
    };
  }

  async countAttempt(clientKey: string, card: string, at: number, keepSeconds: number): Promise<CardCounter> {
    const item = await this.append(riskKeys.card(clientKey, card), 'a', at, at + keepSeconds);
    return { attempts: numbers(item.a), declines: numbers(item.d) };
  }

  async countDecline(
    q: { clientKey: string; card: string; ip?: string },
    at: number,
    keep: { cardSeconds: number; ipSeconds: number },
  ): Promise<{ ip?: IpCounter; merchant: MerchantDeclines }> {
    const [, ip, hour] = await Promise.all([
      this.append(riskKeys.card(q.clientKey, q.card), 'd', at, at + keep.cardSeconds),
      q.ip ? this.append(riskKeys.ip(q.clientKey, q.ip), 'd', `${at}:${q.card}`, at + keep.ipSeconds) : undefined,
      this.addMerchantDecline(q.clientKey, at),
    ]);
    return { ...(ip ? { ip: ipCounterOf(ip) } : {}), merchant: merchantDeclinesOf([hour], undefined) };
  }

  /** One ADD to the minute's number on the hour's item; the hour's item after it. */
  private async addMerchantDecline(clientKey: string, at: number): Promise<Item> {
    const hour = Math.floor(at / 3600);
    const res = await ddbClient().send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: riskKeys.merchantDeclines(clientKey, hour),
        UpdateExpression: 'ADD #m :one SET kind = :kind, #h = :hour, expiresAt = :exp',
        ExpressionAttributeNames: { '#m': `m${Math.floor(at / 60) % 60}`, '#h': 'hour' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':kind': 'risk-merchant-declines',
          ':hour': hour,
          ':exp': (hour + 1) * 3600 + DECLINE_HOUR_KEEP_SECONDS,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes ?? {};
  }

  async blockMerchant(clientKey: string, until: number, keepSeconds: number): Promise<void> {
    await this.coolDown(riskKeys.burst(clientKey), until, keepSeconds);
  }

  async blockIp(clientKey: string, ip: string, until: number, keepSeconds: number): Promise<void> {
    await this.coolDown(riskKeys.ip(clientKey, ip), until, keepSeconds);
  }

  /** Sets `blockedUntil` unless a longer cool-down stands. */
  private async coolDown(key: { pk: string; sk: string }, until: number, keepSeconds: number): Promise<void> {
    try {
      await ddbClient().send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: key,
          UpdateExpression: 'SET blockedUntil = :until, expiresAt = :exp',
          ConditionExpression: 'attribute_not_exists(blockedUntil) OR blockedUntil < :until',
          ExpressionAttributeValues: { ':until': until, ':exp': until + keepSeconds },
        }),
      );
    } catch (err) {
      // A concurrent decline set a cool-down at least as long: that one stands.
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
  }

  async addMidVolume(key: MidVolumeKey, amount: number, cap?: number, expiresAt?: number): Promise<boolean> {
    try {
      await ddbClient().send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: riskKeys.midVolume(key),
          UpdateExpression: `ADD #t :amt SET kind = :kind${expiresAt === undefined ? '' : ', expiresAt = :exp'}`,
          // Room for the amount: the total before the write at most cap - amount (none yet: the amount alone fits).
          ...(cap === undefined ? {} : { ConditionExpression: 'attribute_not_exists(#t) OR #t <= :room' }),
          ExpressionAttributeNames: { '#t': 'total' },
          ExpressionAttributeValues: {
            ':amt': amount,
            ':kind': 'risk-mid-volume',
            ...(cap === undefined ? {} : { ':room': cap - amount }),
            ...(expiresAt === undefined ? {} : { ':exp': expiresAt }),
          },
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  /** Appends one entry to a counter's list and moves its expiry; the item after the write. */
  private async append(key: { pk: string; sk: string }, list: string, entry: number | string, expiresAt: number): Promise<Item> {
    const res = await ddbClient().send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: key,
        UpdateExpression: 'SET #l = list_append(if_not_exists(#l, :empty), :entry), kind = :kind, expiresAt = :exp',
        ExpressionAttributeNames: { '#l': list },
        ExpressionAttributeValues: { ':empty': [], ':entry': [entry], ':kind': 'risk-counter', ':exp': expiresAt },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes ?? {};
  }

  private key(): Promise<Buffer> {
    this.secret ??= this.readSecret().then((found) => found ?? this.createSecret());
    // A failed load (throttling, a missing grant) is tried again by the next request.
    this.secret.catch(() => (this.secret = undefined));
    return this.secret;
  }

  private async readSecret(): Promise<Buffer | undefined> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: SECRET_KEY, ConsistentRead: true }));
    return res.Item?.sealed ? Buffer.from(await this.box().open(res.Item.sealed as string, CONTEXT), 'hex') : undefined;
  }

  private async createSecret(): Promise<Buffer> {
    const secret = randomBytes(32).toString('hex');
    try {
      await ddbClient().send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...SECRET_KEY, kind: 'risk-fingerprint', sealed: await this.box().seal(secret, CONTEXT) },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return Buffer.from(secret, 'hex');
    } catch (err) {
      // Two first callers racing: both use the winner's secret.
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      return (await this.readSecret())!;
    }
  }
}

function numbers(v: unknown): number[] {
  return Array.isArray(v) ? v.map(Number).filter(Number.isFinite) : [];
}

function ipCounterOf(i: Item): IpCounter {
  const declines = (Array.isArray(i.d) ? i.d : [])
    .map(String)
    .map((e) => ({ at: Number(e.slice(0, e.indexOf(':'))), card: e.slice(e.indexOf(':') + 1) }));
  return { declines, ...(typeof i.blockedUntil === 'number' ? { blockedUntil: i.blockedUntil } : {}) };
}

/** The epoch hours that hold the minutes from `from` to `to` (epoch seconds). */
function hoursBetween(from: number, to: number): number[] {
  const out: number[] = [];
  for (let h = Math.floor(from / 3600); h <= Math.floor(to / 3600); h++) out.push(h);
  return out;
}

function merchantDeclinesOf(hours: (Item | undefined)[], burst: Item | undefined): MerchantDeclines {
  const minutes: Record<number, number> = {};
  for (const h of hours) {
    if (typeof h?.hour !== 'number') continue;
    for (let m = 0; m < 60; m++) if (typeof h[`m${m}`] === 'number') minutes[h.hour * 60 + m] = h[`m${m}`] as number;
  }
  return { minutes, ...(typeof burst?.blockedUntil === 'number' ? { burstUntil: burst.blockedUntil } : {}) };
}

function binCountryOf(items: (Item | undefined)[]): { binCountry?: string } {
  const hit = items.find((i) => typeof i?.country === 'string');
  return hit ? { binCountry: hit.country as string } : {};
}

export function entryOf(i: Item): BlocklistEntry {
  return {
    scope: String(i.scope),
    type: i.type as BlocklistType,
    value: String(i.value),
    ...(typeof i.reason === 'string' ? { reason: i.reason } : {}),
    ...(typeof i.label === 'string' ? { label: i.label } : {}),
    createdAt: String(i.createdAt),
  };
}

/** Rules as `risk rules set` validated and stored them (operations/risk/rules.ts). */
export function rulesOf(i: Item | undefined): RiskRule[] {
  return Array.isArray(i?.rules) ? (i.rules as RiskRule[]) : [];
}

export function settingsOf(i: Item | undefined): RiskSettings {
  const out: RiskSettings = {};
  for (const f of SETTING_FIELDS) if (typeof i?.[f] === 'number') out[f] = i[f];
  return out;
}
