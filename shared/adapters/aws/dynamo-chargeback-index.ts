/**
 * ChargebackIndex on DynamoDB: CHARGEBACKS#<client_key> / <recorded at>#<trans_id>, its own small item (the payment
 * item's layout is untouched), put with attribute_not_exists in the same transaction as the chargeback's own write
 * to the payment: recordChargeback hands entryItem() to PaymentStore.update (ports/transaction-items.ts). Listed by a Query on that partition, newest first.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ChargebackEntry, ChargebackIndex, ChargebackPage } from '../../ports/chargeback-index.js';
import type { EntryItem } from '../../ports/transaction-items.js';
import { ddbClient } from './aws-clients.js';
import { decodeCursor, encodeCursor } from './page-cursor.js';

const partition = (clientKey: string) => `CHARGEBACKS#${clientKey}`;

export class DynamoChargebackIndex implements ChargebackIndex {
  constructor(private readonly tableName: string) {}

  entryItem(entry: ChargebackEntry): EntryItem {
    return {
      table: this.tableName,
      item: { pk: partition(entry.clientKey), sk: `${entry.at}#${entry.transId}`, kind: 'chargeback-entry', ...entry },
    };
  }

  async forMerchant(clientKey: string, opts: { limit: number; cursor?: string }): Promise<ChargebackPage> {
    const start = decodeCursor(opts.cursor);
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': partition(clientKey) },
        ProjectionExpression: 'pk, sk, transId',
        ScanIndexForward: false,
        Limit: opts.limit,
        // Another merchant's cursor (or one edited by hand) would read its partition: start over instead.
        ExclusiveStartKey:
          start && start.pk === partition(clientKey) && typeof start.sk === 'string' ? { pk: start.pk, sk: start.sk } : undefined,
      }),
    );
    return { transIds: (res.Items ?? []).map((i) => String(i.transId)), cursor: encodeCursor(res.LastEvaluatedKey) };
  }
}
