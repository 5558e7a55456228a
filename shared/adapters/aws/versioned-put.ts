/**
 * The optimistic write of a small versioned item (callback secrets, wallet settings, the test clock): written only
 * if nobody wrote it since `expectedVersion` was read (0: only if it does not exist yet). False when someone did.
 * `alongside`: entries stored in the same transaction (a console change's audit entry; ports/transaction-items.ts).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ddbClient } from './aws-clients.js';
import { writeItem } from './transaction-items.js';
import type { TransactionItems } from '../../ports/transaction-items.js';

export async function versionedPut(
  tableName: string,
  item: Record<string, unknown>,
  expectedVersion: number,
  alongside?: TransactionItems,
): Promise<boolean> {
  try {
    await writeItem(
      ddbClient(),
      {
        Put: {
          TableName: tableName,
          Item: item,
          ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
          ...(expectedVersion === 0 ? {} : { ExpressionAttributeValues: { ':v': expectedVersion } }),
        },
      },
      alongside,
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}
