/**
 * The reconciler's work list on DynamoDB: payment items carry gsi2 UNDETERMINED / "<since>#<trans_id>" while a
 * transaction of theirs waits for the acquirer (written by DynamoPaymentStore with the payment itself).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { UndeterminedEntry, UndeterminedPayments } from '../ports/undetermined-payments.js';
import { ddbClient } from './aws-clients.js';
import { UNDETERMINED } from './table-keys.js';

export class DynamoUndeterminedPayments implements UndeterminedPayments {
  constructor(private readonly tableName: string) {}

  async waitingSince(before: string, limit: number): Promise<UndeterminedEntry[]> {
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :p AND gsi2sk < :before',
        ExpressionAttributeValues: { ':p': UNDETERMINED, ':before': before },
        ProjectionExpression: 'transId, gsi2sk',
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((i) => ({ transId: String(i.transId), since: String(i.gsi2sk).split('#')[0]! }));
  }
}
