/**
 * The sandbox test clock on the payments table: one item (pk CLOCK, sk TEST_CLOCK) per stage, since a stage is one
 * table. Writes are conditional on the version read, so two operators moving the clock at once cannot both win.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TestClockSetting, TestClockStore } from '../ports/clock.js';
import { awsClients } from './aws-clients.js';
import { keys } from './table-keys.js';

export class DynamoTestClockStore implements TestClockStore {
  constructor(private readonly tableName: string) {}

  async get(): Promise<TestClockSetting | undefined> {
    const res = await awsClients().ddb.send(new GetCommand({ TableName: this.tableName, Key: keys.testClock, ConsistentRead: true }));
    if (!res.Item) return undefined;
    const { offsetMs, updatedAt, version } = res.Item as TestClockSetting;
    return { offsetMs, updatedAt, version };
  }

  async put(setting: TestClockSetting, expectedVersion: number): Promise<boolean> {
    try {
      await awsClients().ddb.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keys.testClock, kind: 'test-clock', ...setting },
          ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
          ...(expectedVersion === 0 ? {} : { ExpressionAttributeValues: { ':v': expectedVersion } }),
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }
}
