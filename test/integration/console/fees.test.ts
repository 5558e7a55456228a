/**
 * Fee schedules in the console API (docs/console.md "Fees", docs/ledger.md "Fees"): operators read and replace any
 * merchant's schedule and the platform's default; a merchant's users read their own (with the default beside it) and
 * change nothing; another merchant's answers 404 like an unknown one. A document is checked by the CLI's own reader
 * (the same problems, in the same words, as `fees set --file`), a refused one writes nothing, and each change writes
 * its audit entry in the schedule's own transaction. The next payment is charged by the new schedule.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { FeeScheduleError } from '../../../shared/domain/ledger/fees.js';
import { consoleDeps } from '../../../shared/entry/composition/deps.js';
import { feeSchedules, ledger } from '../../../shared/entry/composition/ledger.js';
import { replaceFeesInConsole } from '../../../shared/operations/console/fees.js';
import type { Principal } from '../../../shared/operations/console/roles.js';
import { runFeesCommand } from '../../../scripts/admin/fees.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { crashEveryWrite } from '../../support/write-crash.js';
import { signInConsole, type ConsoleClient } from './support.js';

const platform = usePlatform();
let shop: Merchant;
let other: Merchant;
let operator: ConsoleClient;
let admin: ConsoleClient;
let viewer: ConsoleClient;

beforeAll(async () => {
  shop = await testMerchant();
  other = await testMerchant();
  operator = await signInConsole(platform.url, 'ops@fees-console.example', 'operator');
  admin = await signInConsole(platform.url, 'admin@fees-console.example', 'merchant-admin', shop.clientKey);
  viewer = await signInConsole(platform.url, 'viewer@fees-console.example', 'merchant-viewer', shop.clientKey);
});

const SCHEDULE = {
  rules: [
    { action: 'capture', method: 'visa', currency: 'USD', percent: '2.9', fixed: '0.30' },
    { action: 'refund', currency: 'USD', fixed: '0.15' },
    { action: 'chargeback', currency: 'JPY', fixed: '1500' },
  ],
  reserve: { percent: '10', days: 90 },
};
const problemsOf = (body: any): string[] => (body.errors ?? []).map((e: { error_message: string }) => e.error_message);
const auditOf = async (action: string, clientKey?: string) =>
  (await operator.get(`/audit${clientKey ? `?client_key=${clientKey}` : ''}`)).body.entries.filter((e: any) => e.action === action);

/** What `npm run admin -- fees set` says of the same document. */
async function cliProblems(doc: unknown): Promise<string[]> {
  const file = join(await mkdtemp(join(tmpdir(), 'fees-console-')), 'fees.json');
  await writeFile(file, JSON.stringify(doc));
  const err = await runFeesCommand(['set', shop.clientKey, '--file', file]).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FeeScheduleError);
  return (err as FeeScheduleError).problems;
}

describe('fee schedules in the console', () => {
  it("an operator replaces a merchant's schedule: stored as `fees set` stores it, audited, and the next payment pays it", async () => {
    const saved = await operator.send('PUT', '/fees', { client_key: shop.clientKey, fees: SCHEDULE });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ scope: shop.clientKey, stored: true, fees: SCHEDULE, updatedAt: expect.any(String) });
    // The CLI reads what the console wrote, and the console reads it back as the file it came from.
    expect(await runFeesCommand(['show', shop.clientKey])).toMatchObject({
      rules: [{ action: 'capture', method: 'visa', currency: 'USD', percent: '2.9', fixedMinor: 30 }, {}, { fixedMinor: 1500 }],
      reserve: SCHEDULE.reserve,
    });
    expect((await operator.get(`/fees?client_key=${shop.clientKey}`)).body).toMatchObject({ scope: shop.clientKey, fees: SCHEDULE });

    expect(await auditOf('fees.replace', shop.clientKey)).toEqual([
      expect.objectContaining({
        actor: 'ops@fees-console.example',
        role: 'operator',
        target: shop.clientKey,
        details: { rules: 3, reserve: '10% for 90 days' },
      }),
    ]);

    const sale = (await postForm(`${platform.url}/post`, saleFields(shop, { order_id: `fees-${randomUUID()}` }))).body;
    expect(sale.status).toBe('SETTLED');
    const journal = await eventually(async () => (await ledger().journalsOf(sale.trans_id))[0]);
    expect(journal.fee).toBe(Math.round((journal.amount * 29) / 1000) + 30);
  });

  it('names every problem of a document in the CLI’s words, and writes nothing then', async () => {
    const before = (await operator.get(`/fees?client_key=${shop.clientKey}`)).body;
    const audited = (await auditOf('fees.replace', shop.clientKey)).length;
    const bad = {
      rules: [{ action: 'sale', percent: '2,9' }, { fixed: '0.30' }, { currency: 'JPY', fixed: '0.50', extra: 1 }],
      reserve: { percent: '101', days: 0 },
    };
    const refused = await operator.send('PUT', '/fees', { client_key: shop.clientKey, fees: bad });
    expect(refused.status).toBe(400);
    const problems = problemsOf(refused.body);
    expect(problems.every((p) => p.startsWith('fees: '))).toBe(true);
    expect(problems.map((p) => p.slice('fees: '.length))).toEqual(await cliProblems(bad));
    expect(problems.length).toBeGreaterThanOrEqual(6);

    const notAFile = await operator.send('PUT', '/fees', { client_key: shop.clientKey, fees: 'rules' });
    expect(notAFile.status).toBe(400);
    expect(problemsOf(notAFile.body)).toEqual(['fees: The file must hold a JSON object with a "rules" list.']);

    expect((await operator.get(`/fees?client_key=${shop.clientKey}`)).body).toEqual(before);
    expect(await auditOf('fees.replace', shop.clientKey)).toHaveLength(audited);
  });

  it("a merchant's users read their own schedule and the default, change nothing, and never see another merchant's", async () => {
    const own = await admin.get('/fees');
    expect(own).toMatchObject({ status: 200, body: { scope: shop.clientKey, stored: true, fees: SCHEDULE } });
    expect(own.body.platformDefault).toEqual(expect.objectContaining({ rules: expect.any(Array) }));
    expect((await viewer.get(`/fees?client_key=${shop.clientKey}`)).body).toEqual(own.body);

    // Another merchant's schedule is answered like an unknown merchant's.
    const foreign = await admin.get(`/fees?client_key=${other.clientKey}`);
    const unknown = await operator.get(`/fees?client_key=${randomUUID()}`);
    expect(foreign).toMatchObject({ status: 404, body: { error_message: 'Merchant not found.' } });
    expect(unknown).toMatchObject({ status: 404, body: { error_message: 'Merchant not found.' } });

    // Fees are what the platform charges: merchants change neither their own nor the default.
    for (const body of [
      { fees: { rules: [] } },
      { client_key: other.clientKey, fees: { rules: [] } },
      { scope: 'default', fees: { rules: [] } },
    ]) {
      expect((await admin.send('PUT', '/fees', body)).status).toBe(403);
      expect((await viewer.send('PUT', '/fees', body)).status).toBe(403);
    }
    expect((await admin.get('/fees?scope=default')).status).toBe(403);
    expect((await admin.get('/fees')).body).toEqual(own.body);
    expect((await operator.send('PUT', '/fees', { client_key: randomUUID(), fees: { rules: [] } })).status).toBe(404);
  });

  it("an operator sets the platform's default: merchants see it beside their own schedule", async () => {
    const fallback = { rules: [{ action: 'capture', percent: '3.5' }] };
    const saved = await operator.send('PUT', '/fees', { scope: 'default', fees: fallback });
    expect(saved).toMatchObject({ status: 200, body: { scope: 'default', stored: true, fees: fallback } });
    expect((await operator.get('/fees?scope=default')).body).toMatchObject({ scope: 'default', fees: fallback });
    expect((await admin.get('/fees')).body.platformDefault).toEqual(fallback);
    expect((await auditOf('fees.replace')).filter((e: any) => e.target === 'default')).toEqual([
      expect.objectContaining({ actor: 'ops@fees-console.example', details: { rules: 1 } }),
    ]);
  });

  it('the schedule and its audit entry are one write: a crash leaves neither', async () => {
    const cx = consoleDeps();
    const ops: Principal = { email: 'ops@fees-console.example', role: 'operator', sourceIp: '127.0.0.1' };
    const sent = await crashEveryWrite(
      (run) =>
        replaceFeesInConsole(cx, feeSchedules(), ops, {
          client_key: other.clientKey,
          fees: { rules: [{ action: 'refund', currency: 'USD', fixed: `0.${String(run).padStart(2, '0')}` }] },
        }),
      async (completed, run) => {
        const stored = await feeSchedules().get(other.clientKey);
        const logged = (await auditOf('fees.replace', other.clientKey)).filter((e: any) => e.target === other.clientKey);
        expect(stored?.rules[0]?.fixedMinor).toBe(completed ? run : undefined);
        expect(logged).toHaveLength(completed ? 1 : 0);
      },
    );
    expect(sent).toEqual(['TransactWriteItemsCommand']);
  });
});
