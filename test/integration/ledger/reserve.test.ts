/**
 * A rolling reserve (docs/ledger.md "Settlements"): a merchant whose fee schedule holds 10 % for 2 days has that
 * share of each day's gross held back from the day's batch and released into the batch two days later, which exists
 * for the release even on a day without traffic. The file's reserve is validated with every problem named.
 */
import { beforeAll, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { MerchantDay } from '../../../shared/operations/ledger/settle.js';
import type { VerifyReport } from '../../../shared/operations/ledger/verify.js';
import { ledger } from '../../../shared/entry/composition/ledger.js';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { runFeesCommand } from '../../../scripts/admin/fees.js';
import { LedgerProblemsError, runLedgerCommand } from '../../../scripts/admin/ledger.js';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { runSettlementsCommand } from '../../../scripts/admin/settlements.js';
import { silent } from '../../../scripts/admin/progress.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';

const platform = usePlatform();
let merchant: Merchant;
let dir: string;

beforeAll(async () => {
  merchant = await testMerchant();
  dir = await mkdtemp(join(tmpdir(), 'reserve-'));
});

const feesFile = async (body: unknown) => {
  const file = join(dir, `fees-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(body));
  return file;
};
const settle = (...args: string[]) => runSettlementsCommand(['run', '--merchant', merchant.clientKey, ...args]) as Promise<MerchantDay[]>;
const advanceDay = () => runClockCommand(['advance', '--by', '1d', '--merchant', merchant.clientKey], { progress: silent });

it('refuses a malformed reserve, naming each problem, and writes nothing', async () => {
  const file = await feesFile({ rules: [], reserve: { percent: '120', days: 0, hold: true } });
  await expect(runFeesCommand(['set', merchant.clientKey, '--file', file])).rejects.toThrow(
    /reserve: unknown key "hold"[\s\S]*reserve\.percent: must be a decimal string from "0" to "100"[\s\S]*reserve\.days: must be a whole number of days from 1 to 365/,
  );
  expect(await runFeesCommand(['show', merchant.clientKey])).not.toMatchObject({ reserve: expect.anything() });
});

it("holds 10 % of a day's gross back, and releases it into the batch two days later", async () => {
  await runFeesCommand(['set', merchant.clientKey, '--file', await feesFile({ rules: [], reserve: { percent: '10', days: 2 } })]);
  const sale = (await postForm(`${platform.url}/post`, saleFields(merchant) as never)).body;
  expect(sale.status).toBe('SETTLED');
  const [journal] = await eventually(async () => {
    const js = await ledger().journalsOf(sale.trans_id as string);
    return js.length ? js : undefined;
  });
  const date = journal!.journaledAt!.slice(0, 10);

  await advanceDay();
  const [first] = await settle('--date', date);
  expect(first!.closed).toEqual([
    expect.objectContaining({
      gross: 1000,
      net: 1000,
      reserveHeld: 100,
      reserveReleased: 0,
      netPayable: 900,
      reserve: { percent: '10', days: 2 },
    }),
  ]);
  // The reserve is its own account: the batch journaled it off the merchant's payable, once.
  const held = first!.closed[0]!;
  expect(await ledger().journalsOf(held.id)).toEqual([
    expect.objectContaining({
      id: `${held.id}/reserve/reserve_held`,
      kind: 'reserve_held',
      amount: 100,
      lines: [
        { account: `merchant_payable:${merchant.clientKey}:USD`, side: 'debit', amount: 100 },
        { account: `reserve:${merchant.clientKey}:USD`, side: 'credit', amount: 100 },
      ],
    }),
  ]);
  expect(await ledger().balances(merchant.clientKey)).toEqual([{ currency: 'USD', payable: 900, reserve: 100, fees: 0, journals: 1 }]);

  // The next day has no traffic and nothing to release: no batch.
  await advanceDay();
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  expect((await settle('--date', next))[0]!.closed).toEqual([]);

  // Two days on: a batch without traffic, only the release.
  await advanceDay();
  const release = new Date(Date.parse(`${date}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  const [third] = await settle('--date', release);
  expect(third!.closed).toEqual([
    expect.objectContaining({
      date: release,
      currency: 'USD',
      gross: 0,
      net: 0,
      journals: 0,
      reserveHeld: 0,
      reserveReleased: 100,
      netPayable: 100,
    }),
  ]);
  expect(await ledger().journalsOf(third!.closed[0]!.id)).toEqual([expect.objectContaining({ kind: 'reserve_released', amount: 100 })]);
  expect(await ledger().balances(merchant.clientKey)).toEqual([{ currency: 'USD', payable: 1000, reserve: 0, fees: 0, journals: 1 }]);
  // Closed once: a rerun releases nothing twice.
  expect((await settle('--date', release))[0]!.closed).toEqual([]);
  const report = (await runLedgerCommand(['verify', '--merchant', merchant.clientKey])) as VerifyReport;
  expect(report.problems).toEqual([]);
  expect(report.balances[`reserve:${merchant.clientKey}:USD`]).toBeUndefined();

  // A reserve journal lost: verify names the batch that lacks it, and the balance it no longer sums to.
  await awsClients().ddb.send(
    new DeleteCommand({ TableName: platform.resources.tableName, Key: { pk: `JOURNAL#${held.id}`, sk: 'reserve#reserve_held' } }),
  );
  const err = (await runLedgerCommand(['verify', '--merchant', merchant.clientKey]).catch((e: unknown) => e)) as LedgerProblemsError;
  expect(err).toBeInstanceOf(LedgerProblemsError);
  expect(err.report.problems).toEqual(
    expect.arrayContaining([
      `settlement ${held.id}: no reserve_held journal for its 100 USD`,
      `balance of ${merchant.clientKey} in USD: payable 1000 served, 1100 by the journals`,
    ]),
  );
});
