/**
 * The optimistic write of a small versioned item (callback secrets, wallet settings, the test clock): written only
 * if nobody wrote it since `expectedVersion` was read (0: only if it does not exist yet). False when someone did.
 * A console change's audit entry joins the write (operation-items.ts).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ddbClient } from './aws-clients.js';
import { writeItem } from './operation-items.js';

export async function versionedPut(tableName: string, item: Record<string, unknown>, expectedVersion: number): Promise<boolean> {
  try {
    await writeItem(ddbClient(), {
      Put: {
        TableName: tableName,
        Item: item,
        ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
        ...(expectedVersion === 0 ? {} : { ExpressionAttributeValues: { ':v': expectedVersion } }),
      },
    });
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}
