/** The table's status, for GET /health: the one question the health check asks of AWS. */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { ddbClient } from './aws-clients.js';

export async function tableStatus(tableName: string): Promise<string | undefined> {
  const table = await ddbClient().send(new DescribeTableCommand({ TableName: tableName }));
  return table.Table?.TableStatus;
}
