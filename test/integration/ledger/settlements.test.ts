/**
 * Settlement batches on the local platform: a merchant with a fee schedule takes a day of traffic (SALE, a captured
 * AUTH, a refund, a chargeback, a payout); `settlements run` for that day of its clock closes a batch whose net is the
 * gross less refunds, chargebacks, payouts and fees, and running it again changes nothing. A journal written after
 * the day's batch closed (here: one the stream consumer never took, journaled by `ledger repair`) is in the next
 * day's batch; `ledger verify` holds throughout. The merchant reads its balance, its batches and its transactions
 * report (JSON and CSV, page by page) through the public merchant API, signed with its password or with its own keys.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { Journal } from '../../../shared/domain/ledger/journal.js';
import type { Settlement } from '../../../shared/domain/ledger/settlement.js';
import type { MerchantDay } from '../../../shared/operations/ledger/settle.js';
import type { VerifyReport } from '../../../shared/operations/ledger/verify.js';
import { ledger } from '../../../shared/entry/composition/ledger.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { logger } from '../../../shared/lib/logger.js';
import { runChargebacksCommand } from '../../../scripts/admin/chargebacks.js';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { runFeesCommand } from '../../../scripts/admin/fees.js';
import { LedgerProblemsError, runLedgerCommand } from '../../../scripts/admin/ledger.js';
import { runSettlementsCommand } from '../../../scripts/admin/settlements.js';
import { runKeysCommand } from '../../../scripts/admin/keys.js';
import { signRequest } from '../../../shared/protocol/merchant-api/request-signature.js';
import { silent } from '../../../scripts/admin/progress.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { credit2cardFields, saleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  logger.setLogLevel('ERROR');
  merchant = await testMerchant({ mids: [{ paymentMode: 'SMS/DMS' }] });
  const dir = await mkdtemp(join(tmpdir(), 'settle-'));
  const rules = [
    { action: 'capture', currency: 'USD', percent: '2.9', fixed: '0.30' },
    { action: 'refund', currency: 'USD', fixed: '0.15' },
    { action: 'chargeback', currency: 'USD', fixed: '15.00' },
    { action: 'payout', currency: 'USD', fixed: '0.25' },
  ];
  await writeFile(join(dir, 'fees.json'), JSON.stringify({ rules }));
  await runFeesCommand(['set', merchant.clientKey, '--file', join(dir, 'fees.json')]);
});

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const journals = (transId: string, count: number) =>
  eventually(async () => {
    const js = await ledger().journalsOf(transId);
    return js.length >= count ? js : undefined;
  });
const settle = (...args: string[]) => runSettlementsCommand(['run', '--merchant', merchant.clientKey, ...args]) as Promise<MerchantDay[]>;
const advanceDay = () => runClockCommand(['advance', '--by', '1d', '--merchant', merchant.clientKey], { progress: silent });
const verify = () => runLedgerCommand(['verify', '--merchant', merchant.clientKey]) as Promise<VerifyReport>;
const payableChange = (js: Journal[]) =>
  js
    .flatMap((j) => j.lines)
    .filter((l) => l.account === `merchant_payable:${merchant.clientKey}:USD`)
    .reduce((s, l) => s + (l.side === 'credit' ? l.amount : -l.amount), 0);

describe('settlements', () => {
  const day: Journal[] = [];
  let late: Journal;
  let date: string;

  it("a day of traffic is journaled on the merchant's day", async () => {
    const sale = (await post(saleFields(merchant))).body;
    expect(sale.status).toBe('SETTLED');
    await journals(sale.trans_id, 1);
    expect((await post(transIdFields(merchant, 'CREDITVOID', sale.trans_id, { extra: { amount: '3.00' } }))).body.result).toBe('ACCEPTED');
    const auth = (await post(saleFields(merchant, { auth: 'Y' }))).body;
    expect((await post(transIdFields(merchant, 'CAPTURE', auth.trans_id, { extra: { amount: '6.00' } }))).body.status).toBe('SETTLED');
    await journals(auth.trans_id, 1);
    expect(await runChargebacksCommand(['create', auth.trans_id, '--amount', '5.00', '--reason-code', '4837'])).toMatchObject({
      status: 'CHARGEBACK',
    });
    const payout = (await post(credit2cardFields(merchant))).body;
    expect(payout.status).toBe('SETTLED');
    day.push(...(await journals(sale.trans_id, 2)), ...(await journals(auth.trans_id, 2)), ...(await journals(payout.trans_id, 1)));
    expect(day.map((j) => j.kind).sort()).toEqual(['capture', 'capture', 'chargeback', 'payout', 'refund']);
    date = day[0]!.journaledAt!.slice(0, 10);
    for (const j of day) expect(j.journaledAt?.slice(0, 10)).toBe(date);

    // The payout's journal is lost on its way (a batch on the consumer's failure queue): ledger repair writes it later.
    late = day.pop()!;
    await awsClients().ddb.send(
      new DeleteCommand({
        TableName: platform.resources.tableName,
        Key: { pk: `JOURNAL#${late.transId}`, sk: `${late.entryId}#${late.kind}` },
      }),
    );
  });

  it('a day that is not over is not settled', async () => {
    const [today] = await settle('--date', date);
    expect(today).toMatchObject({ closed: [], skipped: expect.stringContaining(`${date} is not over on the merchant's clock`) });
  });

  it("closes the day's batch: net = gross − refunds − chargebacks − payouts − fees, once", async () => {
    await advanceDay();
    // By default: the merchant's yesterday, on its own clock.
    const [run] = await settle();
    expect(run!.date).toBe(date);
    expect(run!.closed).toHaveLength(1);
    const batch = run!.closed[0]!;
    const fees = day.reduce((s, j) => s + j.fee, 0);
    expect(fees).toBe(59 + 47 + 15 + 1500);
    expect(batch).toMatchObject({
      id: `${merchant.clientKey}_${date}_USD`,
      clientKey: merchant.clientKey,
      date,
      currency: 'USD',
      gross: 1600,
      refunds: 300,
      chargebacks: 500,
      payouts: 0,
      fees,
      journals: 4,
    });
    expect(batch.net).toBe(1600 - 300 - 500 - fees);
    expect(batch.net).toBe(payableChange(day));

    // Again: nothing changes, whatever was journaled since.
    expect(await settle('--date', date)).toEqual([{ clientKey: merchant.clientKey, date, closed: [], alreadyClosed: [batch.id] }]);
    expect(await runSettlementsCommand(['show', batch.id])).toEqual(batch);
  });

  it("a journal that arrives after its day closed is in the next day's batch; ledger verify holds", async () => {
    expect(await runLedgerCommand(['repair', '--merchant', merchant.clientKey])).toMatchObject({ written: 1 });
    const [repaired] = await ledger().journalsOf(late.transId);
    expect(repaired!.journaledAt! > `${date}T23:59:59.999Z`).toBe(true);
    expect(await settle('--date', date)).toMatchObject([{ closed: [], alreadyClosed: [`${merchant.clientKey}_${date}_USD`] }]);

    await advanceDay();
    const [run] = await settle();
    expect(run!.date).not.toBe(date);
    expect(run!.closed).toEqual([expect.objectContaining({ gross: 0, payouts: 2500, fees: 25, net: -2525, journals: 1 })]);
    expect((await verify()).ok).toBe(true);

    const listed = (await runSettlementsCommand(['list', '--merchant', merchant.clientKey])) as { settlements: Settlement[] };
    expect(listed.settlements.map((s) => s.date)).toEqual([run!.date, date]);
    // The batches sum to the merchant's payable: nothing settled twice, nothing lost.
    expect(listed.settlements.reduce((s, b) => s + b.net, 0)).toBe((await verify()).balances[`merchant_payable:${merchant.clientKey}:USD`]);
  });

  it('names what it cannot do', async () => {
    await expect(runSettlementsCommand(['run', '--date', '2026-13-01'])).rejects.toThrow('--date: expected YYYY-MM-DD, got "2026-13-01".');
    await expect(runSettlementsCommand(['show', 'nope'])).rejects.toThrow('No settlement nope.');
    await expect(runSettlementsCommand(['list'])).rejects.toThrow('--merchant is required.');
  });
});

describe('reports on the merchant API', () => {
  const signed = async (m: Merchant, pathAndQuery: string) => {
    const [path, query = ''] = pathAndQuery.split('?');
    return fetch(platform.url + pathAndQuery, {
      headers: signRequest(m.clientKey, m.password, { method: 'GET', path: path!, query, body: '' }),
    });
  };
  const withKey = (key: string, pathAndQuery: string) =>
    fetch(platform.url + pathAndQuery, { headers: { authorization: `Bearer ${key}` } });
  const report = (from: string, to: string, extra = '') => `/api/v1/merchant/reports/transactions?from=${from}&to=${to}${extra}`;

  it("lists the merchant's settlements and shows one; another merchant's is not found", async () => {
    const listed = (await (await signed(merchant, '/api/v1/merchant/settlements')).json()) as {
      settlements: { id: string; net: number }[];
      next_cursor: string | null;
    };
    const cli = (await runSettlementsCommand(['list', '--merchant', merchant.clientKey])) as { settlements: Settlement[] };
    expect(listed.settlements.map((s) => [s.id, s.net])).toEqual(cli.settlements.map((s) => [s.id, s.net]));
    expect(listed.next_cursor).toBeNull();
    const one = await signed(merchant, `/api/v1/merchant/settlements/${cli.settlements[1]!.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({
      id: cli.settlements[1]!.id,
      date: cli.settlements[1]!.date,
      gross: 1600,
      net: cli.settlements[1]!.net,
      closed_at: expect.any(String),
    });
    const other = await testMerchant();
    const refused = await signed(other, `/api/v1/merchant/settlements/${cli.settlements[1]!.id}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error_message: 'Settlement not found.' });
  });

  it('the merchant downloads its transactions as CSV with its own signed request; a read-only key pages the JSON', async () => {
    const cli = (await runSettlementsCommand(['list', '--merchant', merchant.clientKey])) as { settlements: Settlement[] };
    const from = `${cli.settlements.at(-1)!.date}T00:00:00.000Z`;
    const to = new Date(Date.parse(from) + 5 * 86_400_000).toISOString();
    const csv = await signed(merchant, report(from, to, '&format=csv'));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'trans_id,entry_id,event,kind,currency,amount,fee,net,mid_id,occurred_at,journaled_at,settlement_id,settlement_status',
    );
    const rows = lines.slice(1).map((l) => Object.fromEntries(lines[0]!.split(',').map((k, i) => [k, l.split(',')[i]])));
    expect(rows.map((r) => r.kind).sort()).toEqual(['capture', 'capture', 'chargeback', 'payout', 'refund']);
    // Each row names its batch, and the batches' nets are the rows' nets summed.
    for (const b of cli.settlements) {
      const mine = rows.filter((r) => r.settlement_id === b.id);
      expect(mine.every((r) => r.settlement_status === 'closed')).toBe(true);
      expect(mine.reduce((s, r) => s + Number(r.net), 0)).toBe(b.net);
      expect(mine.reduce((s, r) => s + Number(r.fee), 0)).toBe(b.fees);
    }

    const { key } = (await runKeysCommand(['create', '--merchant', merchant.clientKey, '--read-only'])) as { key: string };
    const seen: { trans_id: string; kind: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await withKey(key, report(from, to, `&limit=2${cursor ? `&cursor=${cursor}` : ''}`));
      expect(res.status).toBe(200);
      const page = (await res.json()) as { transactions: { trans_id: string; kind: string }[]; next_cursor: string | null };
      expect(page.transactions.length).toBeLessThanOrEqual(2);
      seen.push(...page.transactions);
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen.map((r) => `${r.trans_id}:${r.kind}`).sort()).toEqual(rows.map((r) => `${r.trans_id}:${r.kind}`).sort());

    const bad = await withKey(key, report(from, from));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('to: This value should be after from.');
    expect(JSON.stringify(await (await withKey(key, '/api/v1/merchant/reports/transactions?to=2026-01-01T00:00:00Z')).json())).toContain(
      'from: This value should not be blank.',
    );
  });

  it('answers the balance the journals sum to, per currency', async () => {
    const shop = await testMerchant({ mids: [{ paymentMode: 'SMS/DMS' }] });
    const sale = (await post(saleFields(shop))).body;
    await journals(sale.trans_id, 1);
    expect((await post(transIdFields(shop, 'CREDITVOID', sale.trans_id, { extra: { amount: '4.00' } }))).body.result).toBe('ACCEPTED');
    await journals(sale.trans_id, 2);
    const { key } = (await runKeysCommand(['create', '--merchant', shop.clientKey])) as { key: string };
    const res = await withKey(key, '/api/v1/merchant/balance');
    expect(res.status).toBe(200);
    const books = (await runLedgerCommand(['verify', '--merchant', shop.clientKey])) as VerifyReport;
    expect(await res.json()).toEqual({
      // No reserve set for this merchant: none is held.
      balances: [{ currency: 'USD', payable: books.balances[`merchant_payable:${shop.clientKey}:USD`], reserve: 0, journals: 2 }],
    });
    expect(books.balances[`merchant_payable:${shop.clientKey}:USD`]).toBe(600);
  });
});

describe('ledger verify and the batches', () => {
  it("checks each closed batch against its day's journals and names one that differs", async () => {
    expect(await verify()).toMatchObject({ ok: true, settlements: 2 });
    const [newest] = ((await runSettlementsCommand(['list', '--merchant', merchant.clientKey])) as { settlements: Settlement[] })
      .settlements;
    const Key = { pk: `SETTLEMENTS#${merchant.clientKey}`, sk: `${newest!.date}#USD` };
    const set = (net: number) =>
      awsClients().ddb.send(
        new UpdateCommand({
          TableName: platform.resources.tableName,
          Key,
          UpdateExpression: 'SET settlement.net = :n',
          ExpressionAttributeValues: { ':n': net },
        }),
      );
    await set(newest!.net + 1);
    const err = await verify().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerProblemsError);
    // A net edited alone also no longer matches what the batch pays.
    expect((err as LedgerProblemsError).report.problems).toEqual([
      `settlement ${newest!.id}: net ${newest!.net + 1} in the batch, ${newest!.net} by the journals of its day`,
      `settlement ${newest!.id}: netPayable ${newest!.netPayable} in the batch, ${newest!.net + 1} by its net and reserve`,
    ]);
    await set(newest!.net);
    expect((await verify()).ok).toBe(true);
  });
});
