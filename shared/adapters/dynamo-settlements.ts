/**
 * Settlements on DynamoDB: SETTLEMENTS#<client_key> / <YYYY-MM-DD>#<CUR>, one item per batch, put with
 * attribute_not_exists: a batch is closed once and a second close (a rerun, a retried schedule) changes nothing.
 * A merchant's batches are one Query, newest first. A batch that holds a reserve writes, in the same transaction, what
 * it releases and when (RESERVE_RELEASES#<client_key>), so the batch of that day reads it with one Query.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { daysAfter, parseSettlementId, type Settlement } from '../domain/ledger/settlement.js';
import { queryAll } from './query-all.js';
import { InvalidCursorError, type Settlements } from '../ports/ledger.js';
import { ddbClient } from './aws-clients.js';
import { decodeCursor, encodeCursor } from './page-cursor.js';

const partition = (clientKey: string) => `SETTLEMENTS#${clientKey}`;
const key = (s: Pick<Settlement, 'clientKey' | 'date' | 'currency'>) => ({ pk: partition(s.clientKey), sk: `${s.date}#${s.currency}` });
/** Reserves to release, by the day they are released on: RESERVE_RELEASES#<client_key> / <release day>#<CUR>#<held day>. */
const releasePartition = (clientKey: string) => `RESERVE_RELEASES#${clientKey}`;
const releaseOf = (s: Settlement, days: number) => ({
  pk: releasePartition(s.clientKey),
  sk: `${daysAfter(s.date, days)}#${s.currency}#${s.date}`,
  kind: 'reserve-release',
  currency: s.currency,
  amount: s.reserveHeld,
  heldIn: s.id,
});

export class DynamoSettlements implements Settlements {
  constructor(private readonly tableName: string) {}

  async close(s: Settlement): Promise<boolean> {
    const batch = { TableName: this.tableName, Item: { ...key(s), kind: 'settlement', settlement: s }, ConditionExpression: 'attribute_not_exists(pk)' };
    const release = s.reserve && s.reserveHeld ? releaseOf(s, s.reserve.days) : undefined;
    try {
      // A reserve held is written with its release date, in the batch's own write: the later batch finds it by that date.
      if (release) await ddbClient().send(new TransactWriteCommand({ TransactItems: [{ Put: batch }, { Put: { TableName: this.tableName, Item: release } }] }));
      else await ddbClient().send(new PutCommand(batch));
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
      throw err;
    }
  }

  async get(id: string): Promise<Settlement | undefined> {
    const parts = parseSettlementId(id);
    if (!parts) return undefined;
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: key(parts), ConsistentRead: true }));
    return res.Item?.settlement as Settlement | undefined;
  }

  async releasesOn(clientKey: string, date: string): Promise<Map<string, number>> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :d)',
      ExpressionAttributeValues: { ':p': releasePartition(clientKey), ':d': `${date}#` },
      ConsistentRead: true,
    });
    const out = new Map<string, number>();
    for (const i of items) out.set(String(i.currency), (out.get(String(i.currency)) ?? 0) + Number(i.amount));
    return out;
  }

  async list(clientKey: string, page: { cursor?: string; limit: number }): Promise<{ settlements: Settlement[]; cursor?: string }> {
    const start = decodeCursor(page.cursor);
    if (page.cursor && start?.pk !== partition(clientKey)) throw new InvalidCursorError();
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': partition(clientKey) },
        ScanIndexForward: false,
        Limit: page.limit,
        ExclusiveStartKey: start,
      }),
    );
    return { settlements: (res.Items ?? []).map((i) => i.settlement as Settlement), cursor: encodeCursor(res.LastEvaluatedKey) };
  }
}
