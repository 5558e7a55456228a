/**
 * Delivery log on DynamoDB: one item per POST to a merchant, beside its payment (pk PAYMENT#<trans_id>) and listed
 * per merchant through gsi1 (DELIVERIES#<client_key>, newest first). Items expire after LOG_RETENTION_DAYS.
 * The items are written by DynamoCallbackOutbox.recordAttempt in the same transaction as the callback's new state.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryAttempt } from '../domain/callback.js';
import type { DeliveryLog } from '../ports/callbacks.js';
import { awsClients } from './aws-clients.js';

const LOG_RETENTION_DAYS = 90;

export const deliveryLogKeys = {
  item: (a: Pick<DeliveryAttempt, 'transId' | 'at' | 'eventId' | 'attempt'>) => ({
    pk: `PAYMENT#${a.transId}`,
    sk: `DELIVERY#${a.at}#${a.eventId}#${String(a.attempt).padStart(4, '0')}`,
  }),
  merchant: (a: Pick<DeliveryAttempt, 'clientKey' | 'at' | 'transId' | 'attempt'>) => ({
    gsi1pk: merchantPartition(a.clientKey),
    gsi1sk: `${a.at}#${a.transId}#${String(a.attempt).padStart(4, '0')}`,
  }),
};

function merchantPartition(clientKey: string): string {
  return `DELIVERIES#${clientKey}`;
}

export function deliveryLogItem(a: DeliveryAttempt): Record<string, unknown> {
  return {
    ...deliveryLogKeys.item(a),
    ...deliveryLogKeys.merchant(a),
    kind: 'callback-delivery',
    ...a,
    expiresAt: Math.floor(Date.parse(a.at) / 1000) + LOG_RETENTION_DAYS * 86400,
  };
}

const FIELDS: (keyof DeliveryAttempt)[] = ['eventId', 'transId', 'clientKey', 'seq', 'url', 'attempt', 'at', 'latencyMs', 'outcome', 'httpStatus', 'error'];

function toAttempt(item: Record<string, unknown>): DeliveryAttempt {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) if (item[f] !== undefined) out[f] = item[f];
  return out as unknown as DeliveryAttempt;
}

export class DynamoDeliveryLog implements DeliveryLog {
  constructor(private readonly tableName: string) {}

  async forMerchant(clientKey: string, limit: number): Promise<DeliveryAttempt[]> {
    const res = await awsClients().ddb.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': merchantPartition(clientKey) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map(toAttempt);
  }

  async forPayment(transId: string): Promise<DeliveryAttempt[]> {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await awsClients().ddb.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
          ExpressionAttributeValues: { ':p': `PAYMENT#${transId}`, ':s': 'DELIVERY#' },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(res.Items ?? []));
      start = res.LastEvaluatedKey;
    } while (start);
    return items.map(toAttempt);
  }
}
