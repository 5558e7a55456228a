/**
 * Ledger on DynamoDB: JOURNAL#<trans_id> / <entry id>#<kind>, one item per journal, put with attribute_not_exists so a
 * replayed or retried append writes nothing twice and never edits a journal. A payment's journals are one Query; a
 * merchant's journals by when they were journaled are on gsi1 (`JOURNALS#<client_key>` / journaledAt), which
 * settlement batches page through. A journal is one plain put: the merchant's balance is not a counter kept with each
 * journal but its settled books (the closed days' totals, SETTLED#<client_key>) plus the journals journaled since.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Journal } from '../../domain/ledger/journal.js';
import { addToBook, type BookTotals, type SettledBooks } from '../../domain/ledger/settled-books.js';
import { nextDay } from '../../domain/ledger/settlement.js';
import type { Ledger, LedgerBalance } from '../../ports/ledger.js';
import { ddbClient } from './aws-clients.js';
import { queryAll } from './query-all.js';
import { itemsOf } from './index-items.js';
import { decodeCursor, encodeCursor } from './page-cursor.js';
import { InvalidCursorError } from '../../ports/ledger.js';
import { settledBooksKey } from './settled-books-key.js';

export const journalKey = (j: Pick<Journal, 'transId' | 'entryId' | 'kind'>) => ({
  pk: `JOURNAL#${j.transId}`,
  sk: `${j.entryId}#${j.kind}`,
});
const journaledPartition = (clientKey: string) => `JOURNALS#${clientKey}`;
const PUTS_AT_ONCE = 8;
/** Journals read per page for a balance. */
const PAGE = 500;
export class DynamoLedger implements Ledger {
  constructor(private readonly tableName: string) {}

  async append(journals: readonly Journal[]): Promise<{ written: number }> {
    // A few puts at a time: a batch of hundreds at once would exhaust the client's connections.
    let written = 0;
    for (let i = 0; i < journals.length; i += PUTS_AT_ONCE) {
      written += (await Promise.all(journals.slice(i, i + PUTS_AT_ONCE).map((j) => this.put(j)))).filter(Boolean).length;
    }
    return { written };
  }

  private async put(j: Journal): Promise<boolean> {
    try {
      await ddbClient().send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            ...journalKey(j),
            ...(j.journaledAt ? { gsi1pk: journaledPartition(j.clientKey), gsi1sk: j.journaledAt } : {}),
            kind: 'journal',
            journal: j,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  // The settled books plus the journals since: page by page, only running totals held (gsi1 is read eventually
  // consistent: a journal of the last moment may show a moment later).
  async balances(clientKey: string): Promise<LedgerBalance[]> {
    const res = await ddbClient().send(
      new GetCommand({ TableName: this.tableName, Key: settledBooksKey(clientKey), ConsistentRead: true }),
    );
    const books = res.Item?.books as SettledBooks | undefined;
    const totals = new Map<string, BookTotals>(Object.entries(structuredClone(books?.currencies ?? {})));
    const from = books ? `${nextDay(books.through)}T` : '0';
    let cursor: string | undefined;
    do {
      const page = await this.journaled(clientKey, 'gsi1sk >= :from', { ':from': from }, { cursor, limit: PAGE });
      for (const j of page.journals) addToBook(totals, j);
      cursor = page.cursor;
    } while (cursor);
    return [...totals].map(([currency, t]) => ({ currency, ...t })).sort((a, b) => (a.currency < b.currency ? -1 : 1));
  }

  async firstJournaledDay(clientKey: string): Promise<string | undefined> {
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': journaledPartition(clientKey) },
        Limit: 1,
      }),
    );
    const first = res.Items?.[0]?.gsi1sk;
    return typeof first === 'string' ? first.slice(0, 10) : undefined;
  }

  async journalsOf(transId: string): Promise<Journal[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': `JOURNAL#${transId}` },
      ConsistentRead: true,
    });
    return items.map((i) => i.journal as Journal);
  }

  journaledOn(
    clientKey: string,
    date: string,
    page: { cursor?: string; limit: number },
  ): Promise<{ journals: Journal[]; cursor?: string }> {
    return this.journaled(clientKey, 'begins_with(gsi1sk, :d)', { ':d': `${date}T` }, page);
  }

  journaledBetween(
    clientKey: string,
    from: string,
    to: string,
    page: { cursor?: string; limit: number },
  ): Promise<{ journals: Journal[]; cursor?: string }> {
    // BETWEEN is inclusive: `to` itself is left out by the filter below (an instant journaled exactly at `to`).
    return this.journaled(clientKey, 'gsi1sk BETWEEN :from AND :to', { ':from': from, ':to': to }, page, to);
  }

  private async journaled(
    clientKey: string,
    range: string,
    values: Record<string, string>,
    page: { cursor?: string; limit: number },
    before?: string,
  ): Promise<{ journals: Journal[]; cursor?: string }> {
    const start = decodeCursor(page.cursor);
    if (page.cursor && start?.gsi1pk !== journaledPartition(clientKey)) throw new InvalidCursorError();
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: `gsi1pk = :p AND ${range}`,
        ExpressionAttributeValues: { ':p': journaledPartition(clientKey), ...values },
        Limit: page.limit,
        ExclusiveStartKey: start,
      }),
    );
    const entries = (res.Items ?? []).filter((i) => before === undefined || String(i.gsi1sk) < before);
    const items = await itemsOf(this.tableName, entries);
    return { journals: items.map((i) => i.journal as Journal), cursor: encodeCursor(res.LastEvaluatedKey) };
  }
}
