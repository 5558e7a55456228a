/**
 * Settlements on DynamoDB: SETTLEMENTS#<client_key> / <YYYY-MM-DD>#<CUR>, one item per batch, put with
 * attribute_not_exists: a batch is closed once and a second close (a rerun, a retried schedule) changes nothing.
 * A merchant's batches are one Query, newest first. A day is closed in one transaction: its batches, what each batch
 * that holds a reserve releases and when (RESERVE_RELEASES#<client_key>, so the batch of that day reads it with one
 * Query), the reserve's journals (JOURNAL#<batch id>, put like any journal) and the merchant's settled books
 * (SETTLED#<client_key> / BOOKS), conditional on the books' last day: days are closed in order, each once.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { SettledBooks } from '../../domain/ledger/settled-books.js';
import { journalKey } from './dynamo-ledger.js';
import { settledBooksKey } from './settled-books-key.js';
import { daysAfter, parseSettlementId, type Settlement } from '../../domain/ledger/settlement.js';
import { queryAll } from './query-all.js';
import { InvalidCursorError, type ClosingDay, type Settlements } from '../../ports/ledger.js';
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

  async closeDay(day: ClosingDay): Promise<boolean> {
    const put = (Item: Record<string, unknown>, ConditionExpression?: string) => ({
      Put: { TableName: this.tableName, Item, ...(ConditionExpression ? { ConditionExpression } : {}) },
    });
    const books = { ...settledBooksKey(day.books.clientKey), kind: 'settled-books', books: day.books };
    const items = [
      ...day.batches.map((s) => put({ ...key(s), kind: 'settlement', settlement: s }, 'attribute_not_exists(pk)')),
      ...day.batches.flatMap((s) => (s.reserve && s.reserveHeld ? [put(releaseOf(s, s.reserve.days))] : [])),
      ...day.journals.map((j) => put({ ...journalKey(j), kind: 'journal', journal: j }, 'attribute_not_exists(pk)')),
    ];
    // The books move on from the day before only: a second run of the day (or a race) finds them moved and writes nothing.
    const booksPut = day.after
      ? {
          Put: {
            TableName: this.tableName,
            Item: books,
            ConditionExpression: 'books.through = :after',
            ExpressionAttributeValues: { ':after': day.after },
          },
        }
      : put(books, 'attribute_not_exists(pk)');
    try {
      if (!items.length) await ddbClient().send(new PutCommand(booksPut.Put));
      else await ddbClient().send(new TransactWriteCommand({ TransactItems: [booksPut, ...items] }));
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      if (err instanceof TransactionCanceledException && err.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed'))
        return false;
      throw err;
    }
  }

  async books(clientKey: string): Promise<SettledBooks | undefined> {
    const res = await ddbClient().send(
      new GetCommand({ TableName: this.tableName, Key: settledBooksKey(clientKey), ConsistentRead: true }),
    );
    return res.Item?.books as SettledBooks | undefined;
  }

  async closedOn(clientKey: string, date: string): Promise<string[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :d)',
      ExpressionAttributeValues: { ':p': partition(clientKey), ':d': `${date}#` },
      ConsistentRead: true,
    });
    return items.map((i) => (i.settlement as Settlement).id);
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
