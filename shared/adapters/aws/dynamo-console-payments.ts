/**
 * ConsolePaymentIndex on DynamoDB: one Query per page on gsi3 (PAYMENTS#<client_key>) or gsi4
 * (CARD4#<client_key>#<last4>), sort key <created ISO> (earlier items <created ISO>#<trans_id>) bounded by the date
 * range; the table key breaks ties in the cursor. Reads only the keys, so
 * it keeps working whatever the indexes project.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ConsolePaymentIndex, PaymentIndexPage, PaymentIndexQuery } from '../../ports/console-payments.js';
import { ddbClient } from './aws-clients.js';
import { decodeCursor, encodeCursor } from './page-cursor.js';
import { transIdOfKey } from './table-keys.js';

export class DynamoConsolePayments implements ConsolePaymentIndex {
  constructor(private readonly tableName: string) {}

  async page(q: PaymentIndexQuery): Promise<PaymentIndexPage> {
    const [index, pkName, skName, partition] = q.last4
      ? ['gsi4', 'gsi4pk', 'gsi4sk', `CARD4#${q.clientKey}#${q.last4}`]
      : ['gsi3', 'gsi3pk', 'gsi3sk', `PAYMENTS#${q.clientKey}`];
    // Sort keys start with the creation instant: '~' sorts after an earlier item's "#<trans_id>" suffix of the last instant.
    const range =
      q.since && q.until
        ? `${skName} BETWEEN :since AND :until`
        : q.since
          ? `${skName} >= :since`
          : q.until
            ? `${skName} <= :until`
            : undefined;
    const start = decodeCursor(q.cursor);
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: index,
        KeyConditionExpression: `${pkName} = :p${range ? ` AND ${range}` : ''}`,
        ExpressionAttributeValues: {
          ':p': partition,
          ...(q.since ? { ':since': q.since } : {}),
          ...(q.until ? { ':until': `${q.until}~` } : {}),
        },
        ProjectionExpression: 'pk, sk, #ipk, #isk',
        ExpressionAttributeNames: { '#ipk': pkName, '#isk': skName },
        ScanIndexForward: false,
        Limit: q.limit,
        // A cursor from another listing would be a DynamoDB error: start over instead.
        ExclusiveStartKey: start && start[pkName] === partition ? start : undefined,
      }),
    );
    const transIds = (res.Items ?? []).map((i) => transIdOfKey(String(i.pk)));
    return { transIds, cursor: encodeCursor(res.LastEvaluatedKey) };
  }
}
