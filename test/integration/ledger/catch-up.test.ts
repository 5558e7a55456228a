/**
 * Days the schedule missed (docs/ledger.md "Settlements"): a run closes every unclosed day of the merchant's clock
 * since the last closed one, in order, at most MAX_DAYS a run, each with the merchant's settled books; the balance
 * is those books plus the journals since, and `ledger verify` names a served balance that differs from the journals.
 */
import { beforeAll, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { MerchantDay } from '../../../shared/operations/ledger/settle.js';
import { MAX_DAYS } from '../../../shared/operations/ledger/settle.js';
import type { VerifyReport } from '../../../shared/operations/ledger/verify.js';
import { nextDay } from '../../../shared/domain/ledger/settlement.js';
import { ledger, settlements } from '../../../shared/entry/composition/ledger.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { LedgerProblemsError, runLedgerCommand } from '../../../scripts/admin/ledger.js';
import { runSettlementsCommand } from '../../../scripts/admin/settlements.js';
import { silent } from '../../../scripts/admin/progress.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

const settle = () => runSettlementsCommand(['run', '--merchant', merchant.clientKey]) as Promise<MerchantDay[]>;
const advance = (by: string) => runClockCommand(['advance', '--by', by, '--merchant', merchant.clientKey], { progress: silent });
const sale = async () => {
  const { trans_id } = (await postForm(`${platform.url}/post`, saleFields(merchant) as never)).body as { trans_id: string };
  const [journal] = await eventually(async () => {
    const js = await ledger().journalsOf(trans_id);
    return js.length ? js : undefined;
  });
  return journal!;
};

it("closes each day the schedule missed, in order, bounded per run; the balance stays the journals' sum", async () => {
  const first = await sale();
  const day = first.journaledAt!.slice(0, 10);
  // Nothing closed yet: the balance is the journals alone.
  // (Whatever the platform's default fees are: they are the journal's.)
  const one = { payable: first.amount - first.fee, fees: first.fee };
  expect(await ledger().balances(merchant.clientKey)).toEqual([{ currency: 'USD', ...one, journals: 1, reserve: 0 }]);

  // The schedule missed three days: one run closes all three, from the first journal's day.
  await advance('3d');
  const run = await settle();
  expect(run.map((r) => r.date)).toEqual([day, nextDay(day), nextDay(nextDay(day))]);
  expect(run.map((r) => r.closed.length)).toEqual([1, 0, 0]);
  expect((await settlements().books(merchant.clientKey))?.through).toBe(nextDay(nextDay(day)));
  // Again: nothing more to close.
  expect(await settle()).toEqual([{ clientKey: merchant.clientKey, date: nextDay(nextDay(day)), closed: [], alreadyClosed: [] }]);

  // A payment today: the balance is the settled books plus it.
  const second = await sale();
  const both = { payable: one.payable + second.amount - second.fee, fees: one.fees + second.fee };
  expect(await ledger().balances(merchant.clientKey)).toEqual([{ currency: 'USD', ...both, journals: 2, reserve: 0 }]);

  // A long outage: at most MAX_DAYS a run, the rest in the next.
  await advance(`${MAX_DAYS + 5}d`);
  const long = await settle();
  expect(long).toHaveLength(MAX_DAYS);
  expect(long[0]!.closed).toEqual([expect.objectContaining({ gross: 1000, journals: 1 })]);
  const rest = await settle();
  expect(rest).toHaveLength(5);
  expect(rest[0]!.date).toBe(nextDay(long.at(-1)!.date));
  expect(await ledger().balances(merchant.clientKey)).toEqual([{ currency: 'USD', ...both, journals: 2, reserve: 0 }]);
  expect(((await runLedgerCommand(['verify', '--merchant', merchant.clientKey])) as VerifyReport).problems).toEqual([]);
});

it('ledger verify names a served balance that differs from the journals', async () => {
  const [served] = await ledger().balances(merchant.clientKey);
  // The settled books drift by a cent (as a bad write would leave them).
  await awsClients().ddb.send(
    new UpdateCommand({
      TableName: platform.resources.tableName,
      Key: { pk: `SETTLED#${merchant.clientKey}`, sk: 'BOOKS' },
      UpdateExpression: 'ADD books.currencies.USD.payable :c',
      ExpressionAttributeValues: { ':c': 1 },
    }),
  );
  const err = await runLedgerCommand(['verify', '--merchant', merchant.clientKey]).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(LedgerProblemsError);
  expect((err as LedgerProblemsError).report.problems).toEqual([
    `balance of ${merchant.clientKey} in USD: payable ${served!.payable + 1} served, ${served!.payable} by the journals`,
  ]);
});
