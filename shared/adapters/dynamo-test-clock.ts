/**
 * The sandbox test clock on the payments table: one item (pk CLOCK, sk TEST_CLOCK) per stage, since a stage is one
 * table. Writes are conditional on the version read, so two operators moving the clock at once cannot both win.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TestClockSetting, TestClockStore } from '../ports/clock.js';
import { ddbClient } from './aws-clients.js';
import { versionedPut } from './versioned-put.js';
import { keys } from './table-keys.js';

export class DynamoTestClockStore implements TestClockStore {
  constructor(private readonly tableName: string) {}

  async get(): Promise<TestClockSetting | undefined> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: keys.testClock, ConsistentRead: true }));
    if (!res.Item) return undefined;
    const { offsetMs, updatedAt, version } = res.Item as TestClockSetting;
    return { offsetMs, updatedAt, version };
  }

  async put(setting: TestClockSetting, expectedVersion: number): Promise<boolean> {
    return versionedPut(this.tableName, { ...keys.testClock, kind: 'test-clock', ...setting }, expectedVersion);
  }
}
