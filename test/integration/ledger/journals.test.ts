/**
 * The ledger's journals on the local platform (DynamoDB Local's real stream, played by the poller as the mapping does
 * on AWS): a SALE, a partial capture of an AUTH, a refund, a chargeback and a payout each journal their money once,
 * balanced; the same stream records handed to the consumer again write nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { unbalanced, type Journal } from '../../../shared/domain/ledger/journal.js';
import { ledger } from '../../../shared/entry/composition/ledger.js';
import { handler } from '../../../functions/streams/payment-changes.js';
import { runChargebacksCommand } from '../../../scripts/admin/chargebacks.js';
import { runFeesCommand } from '../../../scripts/admin/fees.js';
import { LedgerProblemsError, runLedgerCommand } from '../../../scripts/admin/ledger.js';
import type { VerifyReport } from '../../../shared/operations/ledger/verify.js';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logger } from '../../../shared/lib/logger.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { credit2cardFields, saleFields, transIdFields } from '../../support/s2s.js';
import { paymentRecords as streamPaymentRecords } from '../../support/stream.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  logger.setLogLevel('ERROR');
  merchant = await testMerchant({ mids: [{ paymentMode: 'SMS/DMS' }] });
});

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const summary = (js: Journal[]) => js.map((j) => `${j.kind}:${j.event}:${j.amount}${j.fee ? `+${j.fee}` : ''}`).sort();

/**
 * The shard the replays below name: the consumer also keeps the dashboard's counters, whose retry check needs one
 * (a shard of its own here, so the replays count once more on the dashboard, which these tests do not read).
 */
const REPLAY_SHARD = 'journals-test-replay';

/** The payment's journals once they are `count` (the stream consumer is asynchronous). */
const journals = (transId: string, count: number) =>
  eventually(async () => {
    const js = await ledger().journalsOf(transId);
    return js.length >= count ? js : undefined;
  });

/** Every payment record of the table's stream, in the shape the mapping passes them. */
const paymentRecords = () => streamPaymentRecords(platform);

describe('ledger journals from the table stream', () => {
  const ids: string[] = [];

  it('journals a SALE, its refund and its chargeback, each balanced and naming payment, event and MID', async () => {
    const sale = (await post(saleFields(merchant))).body;
    expect(sale.status).toBe('SETTLED');
    ids.push(sale.trans_id);
    await journals(sale.trans_id, 1);
    expect((await post(transIdFields(merchant, 'CREDITVOID', sale.trans_id, { extra: { amount: '3.00' } }))).body.result).toBe('ACCEPTED');
    await journals(sale.trans_id, 2);
    expect(await runChargebacksCommand(['create', sale.trans_id, '--amount', '5.00', '--reason-code', '4837'])).toMatchObject({
      status: 'CHARGEBACK',
    });
    const js = await journals(sale.trans_id, 3);
    expect(summary(js)).toEqual(['capture:SALE:1000', 'chargeback:CHARGEBACK:500', 'refund:REFUND:300']);
    for (const j of js) {
      expect(unbalanced(j)).toBeUndefined();
      expect(j).toMatchObject({ transId: sale.trans_id, clientKey: merchant.clientKey, midId: expect.any(String), currency: 'USD' });
    }
    expect(js.find((j) => j.kind === 'capture')!.lines).toEqual([
      { account: `acquirer_receivable:${js[0]!.midId}:USD`, side: 'debit', amount: 1000 },
      { account: `merchant_payable:${merchant.clientKey}:USD`, side: 'credit', amount: 1000 },
    ]);
  });

  it('journals an AUTH only when captured, for the captured amount', async () => {
    const auth = (await post(saleFields(merchant, { auth: 'Y' }))).body;
    expect(auth.status).toBe('PENDING');
    ids.push(auth.trans_id);
    expect((await post(transIdFields(merchant, 'CAPTURE', auth.trans_id, { extra: { amount: '6.00' } }))).body.status).toBe('SETTLED');
    const js = await journals(auth.trans_id, 1);
    expect(summary(js)).toEqual(['capture:CAPTURE:600']);
  });

  it('journals a payout as money the merchant funds', async () => {
    const payout = (await post(credit2cardFields(merchant))).body;
    expect(payout.status).toBe('SETTLED');
    ids.push(payout.trans_id);
    const [j] = await journals(payout.trans_id, 1);
    expect(j).toMatchObject({ kind: 'payout', event: 'CREDIT2CARD' });
    expect(j!.lines).toContainEqual({ account: `merchant_payable:${merchant.clientKey}:USD`, side: 'debit', amount: 2500 });
  });

  it('writes nothing when the stream records are handed over again, whole or one by one', async () => {
    const before = await Promise.all(ids.map((id) => ledger().journalsOf(id)));
    const records = await paymentRecords();
    expect(records.length).toBeGreaterThan(ids.length);
    const run = (rs: DynamoDBRecord[]) =>
      handler({ Records: rs, shardId: REPLAY_SHARD } as unknown as DynamoDBStreamEvent, {} as never) as Promise<{
        journals: number;
        written: number;
      }>;
    const whole = await run(records);
    expect(whole.journals).toBeGreaterThanOrEqual(5);
    expect(whole.written).toBe(0);
    // Newest first: a record seen after a later one of its payment.
    for (const r of records.reverse()) expect((await run([r])).written).toBe(0);
    expect(await Promise.all(ids.map((id) => ledger().journalsOf(id)))).toEqual(before);
  });

  it("journals each fee once, from the merchant's schedule or else the default, set and shown by the admin CLI", async () => {
    const shop = await testMerchant({ mids: [{ paymentMode: 'SMS/DMS' }] });
    const dir = await mkdtemp(join(tmpdir(), 'fees-'));
    const file = async (name: string, body: unknown) => {
      await writeFile(join(dir, name), JSON.stringify(body));
      return join(dir, name);
    };
    await expect(
      runFeesCommand(['set', shop.clientKey, '--file', await file('bad.json', { rules: [{ percent: 'x' }, { fixed: '1' }] })]),
    ).rejects.toThrow(/Rule 1\.percent: must be a decimal.*\n.*Rule 2\.fixed: a fixed amount needs the rule's "currency"/s);
    await runFeesCommand([
      'set',
      shop.clientKey,
      '--file',
      await file('shop.json', { rules: [{ action: 'capture', method: 'visa', currency: 'USD', percent: '2.9', fixed: '0.30' }] }),
    ]);
    await runFeesCommand([
      'set',
      'default',
      '--file',
      await file('default.json', { rules: [{ action: 'refund', currency: 'USD', fixed: '0.15' }] }),
    ]);
    expect(await runFeesCommand(['show', shop.clientKey])).toMatchObject({
      rules: [{ action: 'capture', method: 'visa', percent: '2.9', fixedMinor: 30 }],
    });

    const sale = (await post(saleFields(shop))).body;
    expect(sale.status).toBe('SETTLED');
    await journals(sale.trans_id, 1);
    expect((await post(transIdFields(shop, 'CREDITVOID', sale.trans_id, { extra: { amount: '4.00' } }))).body.result).toBe('ACCEPTED');
    const js = await journals(sale.trans_id, 2);
    expect(summary(js)).toEqual(['capture:SALE:1000+59', 'refund:REFUND:400+15']);
    expect(js.find((j) => j.kind === 'capture')!.lines.slice(2)).toEqual([
      { account: `merchant_payable:${shop.clientKey}:USD`, side: 'debit', amount: 59 },
      { account: 'fee_revenue:USD', side: 'credit', amount: 59 },
    ]);
    // A schedule changed later does not change a fee already journaled: the replay writes nothing.
    await runFeesCommand(['set', shop.clientKey, '--file', await file('shop2.json', { rules: [{ percent: '50' }] })]);
    expect(
      (
        (await handler({ Records: await paymentRecords(), shardId: REPLAY_SHARD } as unknown as DynamoDBStreamEvent, {} as never)) as {
          written: number;
        }
      ).written,
    ).toBe(0);
    expect(summary(await ledger().journalsOf(sale.trans_id))).toEqual(summary(js));
  });

  it('ledger verify: the books agree with the payments to the cent, a payment without its entries is named, repair journals it', async () => {
    const verify = (args: string[] = []) => runLedgerCommand(['verify', ...args]) as Promise<VerifyReport>;
    const report = await verify();
    expect(report).toMatchObject({ ok: true, problems: [] });
    expect(report.journals).toBeGreaterThanOrEqual(7);
    const mine = await verify(['--merchant', merchant.clientKey]);
    // 10.00 − 3.00 − 5.00 (SALE, refund, chargeback) + 6.00 (capture) − 25.00 (payout), no fees for this merchant.
    expect(mine.balances[`merchant_payable:${merchant.clientKey}:USD`]).toBe(1000 - 300 - 500 + 600 - 2500);

    const [capture] = await ledger().journalsOf(ids[1]!);
    await awsClients().ddb.send(
      new DeleteCommand({
        TableName: platform.resources.tableName,
        Key: { pk: `JOURNAL#${capture!.transId}`, sk: `${capture!.entryId}#${capture!.kind}` },
      }),
    );
    const err = await runLedgerCommand(['verify', '--merchant', merchant.clientKey]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerProblemsError);
    expect((err as LedgerProblemsError).report.problems).toContain(
      `payment ${ids[1]} moved money without entries: capture 600 USD (CAPTURE ${capture!.entryId})`,
    );
    expect((err as Error).message).toMatch(/merchant_payable:.*by the journals, .* by the payments' states/);

    // repair journals what is missing, and only that.
    expect(await runLedgerCommand(['repair', '--merchant', merchant.clientKey])).toMatchObject({ written: 1 });
    expect(await runLedgerCommand(['repair', '--merchant', merchant.clientKey])).toMatchObject({ written: 0 });
    expect((await verify(['--merchant', merchant.clientKey])).balances).toEqual(mine.balances);
  });
});
