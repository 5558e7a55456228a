/**
 * The dashboard counters' backfill (admin `counters backfill`) on DynamoDB Local: a merchant's payments the stream
 * never counted (its counter items gone, and its share taken out of the platform's, as if the stream had started
 * after them) are counted from the payments and their callbacks; the dashboard then shows what the stream showed.
 * Hours that have items are left alone, a dry run and a second run write nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { DynamoConsoleCounters } from '../../../shared/adapters/aws/dynamo-console-counters.js';
import { DynamoCounterBackfill } from '../../../shared/adapters/aws/dynamo-counter-backfill.js';
import { COUNTERS } from '../../../shared/ports/console-counters.js';
import { backfillCounters } from '../../../shared/operations/console/backfill-counters.js';
import { eventually } from '../../support/platform.js';
import type { MerchantServer } from '../../support/merchant-server.js';
import type { ConsoleClient } from './support.js';
import { sale } from './payments.js';
import { startConsoleWorld, stopConsoleWorld, dashboardTotals } from './world.js';

let platform: RunningPlatform;
let shop: Merchant;
let other: Merchant;
let callbacks: MerchantServer;
let operator: ConsoleClient;
let admin: ConsoleClient;

beforeAll(async () => {
  ({ platform, shop, other, callbacks, operator, admin } = await startConsoleWorld({
    operator: 'ops@backfill.example',
    admin: 'admin@backfill.example',
  }));
});
afterAll(() => stopConsoleWorld({ platform, callbacks }));

const totals = dashboardTotals;

const counterItems = async (scope: string) =>
  (
    await awsClients().ddb.send(
      new QueryCommand({
        TableName: platform.resources.tableName,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': `COUNTERS#${scope}` },
      }),
    )
  ).Items ?? [];

/** The table as if the stream had never seen the merchant's records: its items gone, its share out of the platform's. */
async function forgetMerchant(clientKey: string) {
  const table = platform.resources.tableName;
  for (const item of await counterItems(clientKey)) {
    const adds = COUNTERS.filter((k) => item[k]);
    await awsClients().ddb.send(new DeleteCommand({ TableName: table, Key: { pk: item.pk, sk: item.sk } }));
    await awsClients().ddb.send(
      new UpdateCommand({
        TableName: table,
        Key: { pk: 'COUNTERS#PLATFORM', sk: item.sk },
        UpdateExpression: `ADD ${adds.map((k) => `#${k} :${k}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(adds.map((k) => [`#${k}`, k])),
        ExpressionAttributeValues: Object.fromEntries(adds.map((k) => [`:${k}`, -Number(item[k])])),
      }),
    );
  }
}

describe('dashboard counters backfill', () => {
  it('counts the hours the stream never saw, once, and leaves the hours it counts alone', async () => {
    for (let i = 0; i < 3; i++) await sale(platform.url, shop, { orderId: `backfill-${i}-${randomUUID()}` });
    await sale(platform.url, shop, { orderId: `backfill-declined-${randomUUID()}`, expMonth: '02' });
    await sale(platform.url, other, { orderId: `backfill-other-${randomUUID()}` });
    // What the stream made of them: the figures the backfill has to give back.
    const mine = await eventually(async () => {
      const t = totals((await admin.get('/dashboard')).body);
      return t.approved === 3 && t.declined === 1 && t.delivered === 4 ? t : undefined;
    });
    const all = await eventually(async () => {
      const t = totals((await operator.get('/dashboard')).body);
      return t.payments === 5 && t.delivered === 4 ? t : undefined;
    });

    await forgetMerchant(shop.clientKey);
    expect(totals((await admin.get('/dashboard')).body).payments).toBe(0);
    expect(totals((await operator.get('/dashboard')).body).payments).toBe(1);
    const otherItems = await counterItems(other.clientKey);
    expect(otherItems.length).toBeGreaterThan(0);

    const io = {
      store: new DynamoCounterBackfill(platform.resources.tableName),
      counters: new DynamoConsoleCounters(platform.resources.tableName),
    };
    // The window ends before the current hour: an hour on, this test's hour is in it.
    const opts = { clientKeys: [shop.clientKey, other.clientKey], days: 30, now: new Date(Date.now() + 3600_000) };
    const platformBefore = await counterItems('PLATFORM');
    const dry = await backfillCounters(io, { ...opts, dryRun: true });
    expect(await counterItems('PLATFORM')).toEqual(platformBefore);
    expect(await counterItems(shop.clientKey)).toEqual([]);

    const report = await backfillCounters(io, opts);
    expect(report.written).toEqual(dry.written);
    expect(report.written.every((h) => h.clientKey === shop.clientKey)).toBe(true);
    const sum = (k: 'approved' | 'declined' | 'delivered') => report.written.reduce((s, h) => s + (h.counts[k] ?? 0), 0);
    expect({ approved: sum('approved'), declined: sum('declined'), delivered: sum('delivered') }).toEqual({
      approved: 3,
      declined: 1,
      delivered: 4,
    });
    expect(report.differs).toEqual([]);

    // The dashboard shows what the stream had shown, for the merchant and for the platform.
    expect(totals((await admin.get('/dashboard')).body)).toEqual(mine);
    expect(totals((await admin.get('/dashboard?range=30d')).body)).toEqual(mine);
    expect(totals((await operator.get('/dashboard')).body)).toEqual(all);
    // The other merchant's hours are the stream's: untouched, marks and all.
    expect(await counterItems(other.clientKey)).toEqual(otherItems);

    // A second run changes nothing.
    const items = async () => [
      ...(await counterItems(shop.clientKey)),
      ...(await counterItems(other.clientKey)),
      ...(await counterItems('PLATFORM')),
    ];
    const after = await items();
    const again = await backfillCounters(io, opts);
    expect(again.written).toEqual([]);
    expect(again.differs).toEqual([]);
    expect(await items()).toEqual(after);
  });
});
