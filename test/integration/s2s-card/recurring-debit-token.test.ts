/**
 * 6.7.0: "card_token (every debit callback, including settled)". A RECURRING_DEBIT — sent by the merchant or made
 * by a debit schedule's run — is a debit: its callback carries a card_token even with the identity mapping off.
 * A DEBIT chain echoes the token its DEBIT issued; a SALE chain (no token) gets one issued, as a DEBIT would.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAPPINGS, type Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { sandboxConnector } from '../../../shared/adapters/connectors/sandbox.js';
import { injectConnector, restoreConnectors } from '../../support/connectors.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { recurringFields, saleFields, tokenSaleFields, transIdFields } from '../../support/s2s.js';
import { createScheduleFields, todayUtc } from '../schedules/support.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
  // Identity mapping off: a card_token in a callback is there only because the payment is a debit.
  await deps().merchants.update(merchant.clientKey, { mappings: { ...DEFAULT_MAPPINGS, identity: false } });
  post = (fields) => postForm(`${platform.url}/post`, fields as never);
});
afterEach(() => restoreConnectors());
afterAll(async () => {
  await shop?.close();
});

const callbackOf = (transId: string) => eventually(() => shop.received.find((c) => c.fields.trans_id === transId)?.fields);
const pairOf = (body: any) => ({ transId: body.trans_id as string, token: body.recurring_token as string });

describe('RECURRING_DEBIT callbacks carry a card_token', () => {
  it("on a DEBIT chain: the DEBIT's own card_token, in the answer and the callback", async () => {
    const debit = await post(saleFields(merchant, { action: 'DEBIT', payee_first_name: 'Jane', recurring_init: 'Y' }));
    expect(debit.body).toMatchObject({ action: 'DEBIT', result: 'SUCCESS', card_token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const run = await post(recurringFields(merchant, pairOf(debit.body), {}, { action: 'RECURRING_DEBIT' }));
    expect(run.body).toMatchObject({ action: 'RECURRING_DEBIT', result: 'SUCCESS', status: 'SETTLED', card_token: debit.body.card_token });
    expect(await callbackOf(run.body.trans_id)).toMatchObject({
      action: 'RECURRING_DEBIT',
      status: 'SETTLED',
      card_token: debit.body.card_token,
    });
  });

  it("on a SALE chain: a new card_token naming the chain's card, usable for a token SALE", async () => {
    const sale = await post(saleFields(merchant, { recurring_init: 'Y' }));
    expect(sale.body.card_token).toBeUndefined();
    const run = await post(recurringFields(merchant, pairOf(sale.body), {}, { action: 'RECURRING_DEBIT' }));
    const token = run.body.card_token as string;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(await callbackOf(run.body.trans_id)).toMatchObject({ action: 'RECURRING_DEBIT', card_token: token });
    const byToken = await post(tokenSaleFields(merchant, token, { order_amount: '2.00' }));
    expect(byToken.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect((await post(transIdFields(merchant, 'GET_TRANS_STATUS', byToken.body.trans_id))).body).toMatchObject({ card: '411111****1111' });
  });

  it('on a SALE chain, a soft-declined RECURRING_DEBIT gets its card_token when a RETRY is approved', async () => {
    const sale = await post(saleFields(merchant, { recurring_init: 'Y' }));
    let declineNext = true;
    injectConnector({
      ...sandboxConnector,
      pay: async (req) => {
        if (!declineNext) return sandboxConnector.pay(req);
        declineNext = false;
        return { kind: 'declined', reason: 'Insufficient funds' };
      },
    });
    const run = await post(recurringFields(merchant, pairOf(sale.body), {}, { action: 'RECURRING_DEBIT' }));
    expect(run.body).toMatchObject({ result: 'DECLINED' });
    expect(run.body.card_token).toBeUndefined();
    expect((await post(transIdFields(merchant, 'RETRY', run.body.trans_id))).body).toMatchObject({ action: 'RETRY', result: 'ACCEPTED' });
    const settled = await eventually(
      () => shop.received.find((c) => c.fields.trans_id === run.body.trans_id && c.fields.status === 'SETTLED')?.fields,
    );
    const stored = (await deps().payments.get(run.body.trans_id))!;
    expect(stored.cardToken).toMatch(/^[0-9a-f]{64}$/);
    expect(settled.card_token).toBe(stored.cardToken);
  });

  it('a RECURRING_SALE is not a debit: no token issued, none in its callback', async () => {
    const sale = await post(saleFields(merchant, { recurring_init: 'Y' }));
    const run = await post(recurringFields(merchant, pairOf(sale.body)));
    expect(run.body).toMatchObject({ action: 'RECURRING_SALE', result: 'SUCCESS' });
    expect(run.body.card_token).toBeUndefined();
    expect((await callbackOf(run.body.trans_id)).card_token).toBeUndefined();
  });

  it("a debit schedule's run carries the DEBIT's card_token", async () => {
    const today = todayUtc();
    const id = (await post(createScheduleFields(merchant, { interval_length: '1', interval_unit: 'month' }))).body.schedule_id as string;
    const debit = await post(
      saleFields(merchant, { action: 'DEBIT', payee_first_name: 'Jane', recurring_init: 'Y', schedule_id: id, schedule_start_date: today }),
    );
    expect(debit.body).toMatchObject({ result: 'SUCCESS', card_token: expect.any(String) });
    await platform.runScheduled('ScheduleRunner');
    const run = await eventually(
      () => shop.received.find((c) => c.fields.order_id === debit.body.order_id && c.fields.action === 'RECURRING_DEBIT')?.fields,
    );
    expect(run).toMatchObject({ status: 'SETTLED', card_token: debit.body.card_token });
  });
});
