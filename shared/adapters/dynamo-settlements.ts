/**
 * Settlements on DynamoDB: SETTLEMENTS#<client_key> / <YYYY-MM-DD>#<CUR>, one item per batch, put with
 * attribute_not_exists: a batch is closed once and a second close (a rerun, a retried schedule) changes nothing.
 * A merchant's batches are one Query, newest first.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { parseSettlementId, type Settlement } from '../domain/ledger/settlement.js';
import { InvalidCursorError, type Settlements } from '../ports/ledger.js';
import { ddbClient } from './aws-clients.js';
import { decodeCursor, encodeCursor } from './page-cursor.js';

const partition = (clientKey: string) => `SETTLEMENTS#${clientKey}`;
const key = (s: Pick<Settlement, 'clientKey' | 'date' | 'currency'>) => ({ pk: partition(s.clientKey), sk: `${s.date}#${s.currency}` });

export class DynamoSettlements implements Settlements {
  constructor(private readonly tableName: string) {}

  async close(s: Settlement): Promise<boolean> {
    try {
      await ddbClient().send(new PutCommand({ TableName: this.tableName, Item: { ...key(s), kind: 'settlement', settlement: s }, ConditionExpression: 'attribute_not_exists(pk)' }));
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  async get(id: string): Promise<Settlement | undefined> {
    const parts = parseSettlementId(id);
    if (!parts) return undefined;
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: key(parts), ConsistentRead: true }));
    return res.Item?.settlement as Settlement | undefined;
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
