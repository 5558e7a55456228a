/**
 * The merchants' sandbox test clocks on the payments table: one item per merchant (pk CLOCK#<client_key>, sk
 * TEST_CLOCK). Writes are conditional on the version read, so two callers moving one clock at once cannot both win.
 * Each item is also listed on gsi1 (TEST_CLOCKS / "<offset, 16 digits>#<client_key>"), so the largest offset — how
 * far ahead of the real time any merchant is — is the first entry of one Query, and every clock is one Query away.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TestClockSetting, TestClockStore } from '../../ports/clock.js';
import { ddbClient } from './aws-clients.js';
import { versionedPut } from './versioned-put.js';
import { keys } from './table-keys.js';
import { queryAll } from './query-all.js';

const LISTING = 'TEST_CLOCKS';
/** Offsets are never negative (a clock only moves forward from the real time): zero-padded, they sort as numbers. */
const listingKey = (offsetMs: number, clientKey: string) => `${String(Math.max(0, offsetMs)).padStart(16, '0')}#${clientKey}`;

export class DynamoTestClockStore implements TestClockStore {
  constructor(private readonly tableName: string) {}

  async get(clientKey: string): Promise<TestClockSetting | undefined> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: keys.testClock(clientKey), ConsistentRead: true }));
    return res.Item ? setting(res.Item) : undefined;
  }

  async put(clientKey: string, s: TestClockSetting, expectedVersion: number): Promise<boolean> {
    return versionedPut(
      this.tableName,
      {
        ...keys.testClock(clientKey),
        kind: 'test-clock',
        clientKey,
        gsi1pk: LISTING,
        gsi1sk: listingKey(s.offsetMs, clientKey),
        ...setting(s),
      },
      expectedVersion,
    );
  }

  async maxOffsetMs(): Promise<number> {
    const res = await ddbClient().send(
      new QueryCommand({
        ...this.listing(),
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    const top = res.Items?.[0]?.gsi1sk as string | undefined;
    return top ? Number(top.slice(0, top.indexOf('#'))) : 0;
  }

  async list(): Promise<(TestClockSetting & { clientKey: string })[]> {
    const out: (TestClockSetting & { clientKey: string })[] = [];
    for (const e of await queryAll(this.listing())) {
      const clientKey = String(e.gsi1sk).slice(17);
      const s = await this.get(clientKey);
      if (s) out.push({ clientKey, ...s });
    }
    return out;
  }

  /** Every clock's entry on gsi1, the largest offset last. */
  private listing() {
    return {
      TableName: this.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': LISTING },
    };
  }
}

function setting(item: TestClockSetting | Record<string, unknown>): TestClockSetting {
  const { offsetMs, updatedAt, version } = item as unknown as TestClockSetting;
  return { offsetMs, updatedAt, version };
}
