/** The write that completes a request's idempotency claim, in the same transaction as the request's effect. */
import type { IdempotentResult } from '../../ports/payment-store.js';
import { keys } from './table-keys.js';
import type { TransactItem } from './transaction-items.js';

export function claimCompleted(tableName: string, idempotency: { key: string; result: IdempotentResult }): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.idempotency(idempotency.key),
      UpdateExpression: 'SET #s = :done, #r = :result',
      ExpressionAttributeNames: { '#s': 'state', '#r': 'result' },
      ExpressionAttributeValues: { ':done': 'COMPLETED', ':result': idempotency.result },
    },
  };
}
