/**
 * Ledger on DynamoDB: JOURNAL#<trans_id> / <entry id>#<kind>, one item per journal, put with attribute_not_exists so a
 * replayed or retried append writes nothing twice and never edits a journal. A payment's journals are one Query; a
 * merchant's journals by when they were journaled are on gsi1 (`JOURNALS#<client_key>` / journaledAt), which
 * settlement batches page through. Each put also adds the journal's change of the merchant's payable to one of its
 * balance items (BALANCE#<client_key> / <CUR>#<slot>), in the same transaction. The balance is spread over a few slots
 * (by trans_id) and a batch writes each slot's journals one after another: concurrent transactions on one item cancel
 * each other (TransactionConflict), and one merchant's journals arrive from every shard of the stream at once.
 */
import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { accounts } from '../domain/ledger/accounts.js';
import type { Journal } from '../domain/ledger/journal.js';
import type { Ledger, LedgerBalance } from '../ports/ledger.js';
import { ddbClient } from './aws-clients.js';
import { queryAll } from './query-all.js';
import { itemsOf } from './index-items.js';
import { decodeCursor, encodeCursor } from './page-cursor.js';
import { InvalidCursorError } from '../ports/ledger.js';

export const journalKey = (j: Pick<Journal, 'transId' | 'entryId' | 'kind'>) => ({ pk: `JOURNAL#${j.transId}`, sk: `${j.entryId}#${j.kind}` });
const journaledPartition = (clientKey: string) => `JOURNALS#${clientKey}`;
/** A merchant's payable per currency, kept with each journal's put (`balance` on the merchant API), in slots. */
const balanceKey = (clientKey: string, currency: string, slot: number) => ({ pk: `BALANCE#${clientKey}`, sk: `${currency}#${slot}` });
/** Enough slots that the stream's shards rarely meet on one item; the balance's read sums them (one Query). */
const BALANCE_SLOTS = 8;
const slotOf = (transId: string) => createHash('sha256').update(transId).digest().readUInt8(0) % BALANCE_SLOTS;

export class DynamoLedger implements Ledger {
  constructor(private readonly tableName: string) {}

  async append(journals: readonly Journal[]): Promise<{ written: number }> {
    // One balance item's journals in order, the items side by side.
    const bySlot = new Map<string, Journal[]>();
    for (const j of journals) {
      const k = balanceKey(j.clientKey, j.currency, slotOf(j.transId));
      const key = `${k.pk}\u0000${k.sk}`;
      bySlot.set(key, [...(bySlot.get(key) ?? []), j]);
    }
    const written = await Promise.all(
      [...bySlot.values()].map(async (group) => {
        let n = 0;
        for (const j of group) if (await this.put(j)) n++;
        return n;
      }),
    );
    return { written: written.reduce((a, b) => a + b, 0) };
  }

  // The journal and its change of the merchant's balance in one transaction: the put's condition cancels both on a
  // replay, so the balance counts each journal exactly once.
  private async put(j: Journal): Promise<boolean> {
    const delta = j.lines.filter((l) => l.account === accounts.merchantPayable(j.clientKey, j.currency)).reduce((s, l) => s + (l.side === 'credit' ? l.amount : -l.amount), 0);
    try {
      await ddbClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: { ...journalKey(j), ...(j.journaledAt ? { gsi1pk: journaledPartition(j.clientKey), gsi1sk: j.journaledAt } : {}), kind: 'journal', journal: j },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: this.tableName,
                Key: balanceKey(j.clientKey, j.currency, slotOf(j.transId)),
                // fees: the platform's fee revenue from this merchant (the console's platform-wide view sums it).
                UpdateExpression: 'ADD payable :d, journals :one, fees :f SET kind = :k, currency = :c',
                ExpressionAttributeValues: { ':d': delta, ':one': 1, ':f': j.fee, ':k': 'balance', ':c': j.currency },
              },
            },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
      throw err;
    }
  }

  async balances(clientKey: string): Promise<LedgerBalance[]> {
    const items = await queryAll({ TableName: this.tableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': balanceKey(clientKey, '', 0).pk }, ConsistentRead: true });
    const sums = new Map<string, LedgerBalance>();
    for (const i of items) {
      const b = sums.get(String(i.currency)) ?? { currency: String(i.currency), payable: 0, journals: 0, fees: 0 };
      b.payable += Number(i.payable ?? 0);
      b.fees += Number(i.fees ?? 0);
      b.journals += Number(i.journals ?? 0);
      sums.set(b.currency, b);
    }
    return [...sums.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
  }

  async journalsOf(transId: string): Promise<Journal[]> {
    const items = await queryAll({ TableName: this.tableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `JOURNAL#${transId}` }, ConsistentRead: true });
    return items.map((i) => i.journal as Journal);
  }

  journaledOn(clientKey: string, date: string, page: { cursor?: string; limit: number }): Promise<{ journals: Journal[]; cursor?: string }> {
    return this.journaled(clientKey, 'begins_with(gsi1sk, :d)', { ':d': `${date}T` }, page);
  }

  journaledBetween(clientKey: string, from: string, to: string, page: { cursor?: string; limit: number }): Promise<{ journals: Journal[]; cursor?: string }> {
    // BETWEEN is inclusive: `to` itself is left out by the filter below (an instant journaled exactly at `to`).
    return this.journaled(clientKey, 'gsi1sk BETWEEN :from AND :to', { ':from': from, ':to': to }, page, to);
  }

  private async journaled(clientKey: string, range: string, values: Record<string, string>, page: { cursor?: string; limit: number }, before?: string): Promise<{ journals: Journal[]; cursor?: string }> {
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
