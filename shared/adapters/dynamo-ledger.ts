/**
 * Ledger on DynamoDB: JOURNAL#<trans_id> / <entry id>#<kind>, one item per journal, put with attribute_not_exists so a
 * replayed or retried append writes nothing twice and never edits a journal. A payment's journals are one Query.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Journal } from '../domain/ledger/journal.js';
import type { Ledger } from '../ports/ledger.js';
import { ddbClient } from './aws-clients.js';
import { queryAll } from './query-all.js';

export const journalKey = (j: Pick<Journal, 'transId' | 'entryId' | 'kind'>) => ({ pk: `JOURNAL#${j.transId}`, sk: `${j.entryId}#${j.kind}` });

export class DynamoLedger implements Ledger {
  constructor(private readonly tableName: string) {}

  async append(journals: readonly Journal[]): Promise<{ written: number }> {
    const written = await Promise.all(journals.map((j) => this.put(j)));
    return { written: written.filter(Boolean).length };
  }

  private async put(j: Journal): Promise<boolean> {
    try {
      await ddbClient().send(
        new PutCommand({ TableName: this.tableName, Item: { ...journalKey(j), kind: 'journal', journal: j }, ConditionExpression: 'attribute_not_exists(pk)' }),
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
}
