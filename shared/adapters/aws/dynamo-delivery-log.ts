/**
 * Delivery log on DynamoDB. Each POST to a merchant is appended to its callback's item (`deliveries`) by the same
 * write that records the callback's next state (DynamoCallbackOutbox.finish), so logging costs no write of its own.
 * Per payment: its callback items. Per merchant, newest first: gsi3 DELIVERIES#<client_key> / "<last attempt>#…"
 * points at the callbacks with their latest attempt; their attempts are merged.
 * Before this, each attempt was an item of its own (sk DELIVERY#…, gsi1 DELIVERIES#…): those are still read.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { itemsOf } from './index-items.js';
import type { DeliveryAttempt } from '../../domain/callback.js';
import type { DeliveryLog } from '../../ports/callbacks.js';
import { ddbClient } from './aws-clients.js';
import { queryAll } from './query-all.js';

/** What the callback item keeps per attempt; the rest of a DeliveryAttempt is the item's own. */
export type DeliveryEntry = Pick<DeliveryAttempt, 'attempt' | 'at' | 'latencyMs' | 'outcome' | 'httpStatus' | 'error' | 'signature'>;

export function deliveryEntry(a: DeliveryAttempt): DeliveryEntry {
  return {
    attempt: a.attempt,
    at: a.at,
    latencyMs: a.latencyMs,
    outcome: a.outcome,
    ...(a.httpStatus !== undefined ? { httpStatus: a.httpStatus } : {}),
    ...(a.error !== undefined ? { error: a.error } : {}),
    ...(a.signature !== undefined ? { signature: a.signature } : {}),
  };
}

export function deliveryListing(a: Pick<DeliveryAttempt, 'clientKey' | 'at' | 'transId' | 'seq'>): { gsi3pk: string; gsi3sk: string } {
  return { gsi3pk: merchantPartition(a.clientKey), gsi3sk: `${a.at}#${a.transId}#${String(a.seq).padStart(6, '0')}` };
}

function merchantPartition(clientKey: string): string {
  return `DELIVERIES#${clientKey}`;
}

const FIELDS: (keyof DeliveryAttempt)[] = [
  'eventId',
  'transId',
  'clientKey',
  'seq',
  'url',
  'attempt',
  'at',
  'latencyMs',
  'outcome',
  'httpStatus',
  'error',
  'signature',
];

function toAttempt(item: Record<string, unknown>): DeliveryAttempt {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) if (item[f] !== undefined) out[f] = item[f];
  return out as unknown as DeliveryAttempt;
}

/** The attempts a callback item carries, as DeliveryAttempts. */
function attemptsOf(item: Record<string, unknown>): DeliveryAttempt[] {
  const { eventId, transId, clientKey, seq, url } = item as Pick<DeliveryAttempt, 'eventId' | 'transId' | 'clientKey' | 'seq' | 'url'>;
  return ((item.deliveries as DeliveryEntry[] | undefined) ?? []).map((e) => toAttempt({ eventId, transId, clientKey, seq, url, ...e }));
}

const byTime = (a: DeliveryAttempt, b: DeliveryAttempt) => (a.at === b.at ? a.attempt - b.attempt : a.at < b.at ? -1 : 1);

export class DynamoDeliveryLog implements DeliveryLog {
  constructor(private readonly tableName: string) {}

  async forMerchant(clientKey: string, limit: number): Promise<DeliveryAttempt[]> {
    const ddb = ddbClient();
    const query = (IndexName: string) =>
      ddb.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName,
          KeyConditionExpression: `${IndexName}pk = :p`,
          ExpressionAttributeValues: { ':p': merchantPartition(clientKey) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
    const [current, legacy] = await Promise.all([query('gsi3'), query('gsi1')]);
    // The index may hold keys only: the callbacks themselves carry the attempts.
    const [items, legacyItems] = await Promise.all([
      itemsOf(this.tableName, current.Items ?? []),
      itemsOf(this.tableName, legacy.Items ?? []),
    ]);
    const attempts = [...items.flatMap(attemptsOf), ...legacyItems.map(toAttempt)];
    return attempts.sort(byTime).reverse().slice(0, limit);
  }

  async forPayment(transId: string): Promise<DeliveryAttempt[]> {
    const items: Record<string, unknown>[] = [];
    for (const prefix of ['CALLBACK#', 'DELIVERY#']) {
      items.push(
        ...(await queryAll({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
          ExpressionAttributeValues: { ':p': `PAYMENT#${transId}`, ':s': prefix },
          ConsistentRead: true,
        })),
      );
    }
    return items.flatMap((i) => ((i.sk as string).startsWith('CALLBACK#') ? attemptsOf(i) : [toAttempt(i)])).sort(byTime);
  }
}
