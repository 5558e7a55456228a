/** The APM deadline sweeper's work list: payment items carry gsi2 APM_DEADLINE / "<deadline>#<trans_id>" while due. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddbClient } from './aws-clients.js';
import { APM_DEADLINE, transIdOfKey } from './table-keys.js';

/** trans_ids whose deadline is before `now` (ISO), oldest first. */
export async function dueApmDeadlines(tableName: string, now: string, limit = 100): Promise<string[]> {
  const res = await ddbClient().send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :p AND gsi2sk < :now',
      ExpressionAttributeValues: { ':p': APM_DEADLINE, ':now': now },
      ProjectionExpression: 'pk',
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((i) => transIdOfKey(String(i.pk)));
}
