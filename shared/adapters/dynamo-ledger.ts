/**
 * Ledger on DynamoDB: JOURNAL#<trans_id> / <entry id>#<kind>, one item per journal, put with attribute_not_exists so a
 * replayed or retried append writes nothing twice and never edits a journal. A payment's journals are one Query; a
 * merchant's journals by when they were journaled are on gsi1 (`JOURNALS#<client_key>` / journaledAt), which
 * settlement batches page through.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Journal } from '../domain/ledger/journal.js';
import type { Ledger } from '../ports/ledger.js';
import { ddbClient } from './aws-clients.js';
import { queryAll } from './query-all.js';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { itemsOf } from './index-items.js';
import { decodeCursor, encodeCursor } from './page-cursor.js';

export const journalKey = (j: Pick<Journal, 'transId' | 'entryId' | 'kind'>) => ({ pk: `JOURNAL#${j.transId}`, sk: `${j.entryId}#${j.kind}` });
const journaledPartition = (clientKey: string) => `JOURNALS#${clientKey}`;

export class DynamoLedger implements Ledger {
  constructor(private readonly tableName: string) {}

  async append(journals: readonly Journal[]): Promise<{ written: number }> {
    const written = await Promise.all(journals.map((j) => this.put(j)));
    return { written: written.filter(Boolean).length };
  }

  private async put(j: Journal): Promise<boolean> {
    try {
      await ddbClient().send(
        new PutCommand({ TableName: this.tableName, Item: { ...journalKey(j), ...(j.journaledAt ? { gsi1pk: journaledPartition(j.clientKey), gsi1sk: j.journaledAt } : {}), kind: 'journal', journal: j }, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  async journalsOf(transId: string): Promise<Journal[]> {
    const items = await queryAll({ TableName: this.tableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `JOURNAL#${transId}` }, ConsistentRead: true });
    return items.map((i) => i.journal as Journal);
  }

  async journaledOn(clientKey: string, date: string, page: { cursor?: string; limit: number }): Promise<{ journals: Journal[]; cursor?: string }> {
    const start = decodeCursor(page.cursor);
    if (page.cursor && start?.gsi1pk !== journaledPartition(clientKey)) throw new Error('Not a cursor of this listing.');
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p AND begins_with(gsi1sk, :d)',
        ExpressionAttributeValues: { ':p': journaledPartition(clientKey), ':d': `${date}T` },
        Limit: page.limit,
        ExclusiveStartKey: start,
      }),
    );
    const items = await itemsOf(this.tableName, res.Items ?? []);
    return { journals: items.map((i) => i.journal as Journal), cursor: encodeCursor(res.LastEvaluatedKey) };
  }
}
