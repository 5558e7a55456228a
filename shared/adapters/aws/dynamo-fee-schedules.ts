/** FeeSchedules on DynamoDB: FEES#<client_key|default> / SCHEDULE, the validated rules as one item. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FeeSchedule } from '../../domain/ledger/fees.js';
import type { FeeSchedules } from '../../ports/ledger.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { ddbClient } from './aws-clients.js';
import { writeItem } from './transaction-items.js';

const key = (scope: string) => ({ pk: `FEES#${scope}`, sk: 'SCHEDULE' });

export class DynamoFeeSchedules implements FeeSchedules {
  constructor(private readonly tableName: string) {}

  async get(scope: string): Promise<FeeSchedule | undefined> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: key(scope), ConsistentRead: true }));
    return res.Item?.schedule as FeeSchedule | undefined;
  }

  async put(scope: string, schedule: FeeSchedule, opts: Alongside = {}): Promise<void> {
    await writeItem(
      ddbClient(),
      { Put: { TableName: this.tableName, Item: { ...key(scope), kind: 'fee-schedule', schedule } } },
      opts.alongside,
    );
  }
}
