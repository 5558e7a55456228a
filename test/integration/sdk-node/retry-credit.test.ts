/**
 * The SDK's success paths the other files only refuse: S2S CARD RETRY and Checkout retry of a soft-declined
 * recurring charge (ACCEPTED, then the charge settles by callback), DESCHEDULE of a chain that follows a schedule, and
 * the Checkout card credit (cardCredit → the page that asks the payer for the saved card's expiry → the payout).
 *
 * A soft decline: the sandbox acquirer approves every recurring charge (its outcomes follow the card's expiry, and a
 * chain keeps its first card), so the test records the decline on the payment as the acquirer would leave it, with
 * the store's own conditional write — as test/integration/schedules/ops-events.test.ts does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenPayments } from '@open-payments/node';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { card, postPage, returnQuery } from '../checkout/support.js';
import { CARD, EMAIL, sale, sdkFor, uid } from './support.js';

const platform = usePlatform();
let shop: MerchantServer;
let merchant: Merchant;
let op: OpenPayments;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
  op = sdkFor(platform.url, merchant);
});
afterAll(async () => {
  await shop?.close();
});

const keys = { payer_email: EMAIL, card_number: CARD };

/** The acquirer's soft decline of a recurring charge, recorded as one conditional write. */
async function softDecline(transId: string): Promise<void> {
  const d = deps();
  const p = (await d.payments.get(transId))!;
  const history = p.history.map((h) => ({ ...h, status: 'fail' as const }));
  await d.payments.update(
    { ...p, status: 'DECLINED', declineReason: 'Insufficient funds', capturedAmount: 0, version: p.version + 1, history },
    [],
  );
}

describe('SDK success paths', () => {
  it('card.retry: a soft-declined RECURRING_SALE is ACCEPTED, then settles with its callback', async () => {
    const init = await op.card.sale(sale('01', { recurring_init: 'Y' }));
    const rec = await op.card.recurringSale(
      {
        order_id: uid('R'),
        order_amount: '5.00',
        order_description: 'Monthly',
        recurring_first_trans_id: init.trans_id!,
        recurring_token: init.recurring_token!,
      },
      keys,
    );
    await softDecline(rec.trans_id!);
    expect(await op.card.getTransStatus({ trans_id: rec.trans_id! }, keys)).toMatchObject({ status: 'DECLINED' });

    expect(await op.card.retry({ trans_id: rec.trans_id! }, keys)).toEqual({
      action: 'RETRY',
      result: 'ACCEPTED',
      order_id: rec.order_id,
      trans_id: rec.trans_id,
    });
    const cb = await eventually(
      () => shop.received.find((c) => c.fields.trans_id === rec.trans_id && c.fields.status === 'SETTLED')?.fields,
    );
    expect(cb).toMatchObject({ action: 'RECURRING_SALE', result: 'SUCCESS', amount: '5.00' });
    expect(await op.card.getTransStatus({ trans_id: rec.trans_id! }, keys)).toMatchObject({ status: 'SETTLED' });
    // Settled: nothing left to retry.
    await expect(op.card.retry({ trans_id: rec.trans_id! }, keys)).rejects.toMatchObject({ error_message: 'Retry is not allowed.' });
  });

  it('card.deschedule: the chain stops following the schedule', async () => {
    const { schedule_id } = (await op.card.createSchedule({
      name: 'Monthly',
      interval_length: 1,
      interval_unit: 'month',
      payments_count: 3,
    })) as { schedule_id: string };
    const chained = await op.card.sale(sale('01', { recurring_init: 'Y', schedule_id }));
    expect(chained).toMatchObject({ result: 'SUCCESS', schedule_id });
    expect(await op.card.deschedule({ schedule_id, recurring_token: chained.recurring_token! })).toEqual({
      action: 'DESCHEDULE',
      result: 'SUCCESS',
    });
    // Idempotent: the same request again answers the same.
    expect(await op.card.deschedule({ schedule_id, recurring_token: chained.recurring_token! })).toEqual({
      action: 'DESCHEDULE',
      result: 'SUCCESS',
    });
    // A token that never followed it is refused.
    const other = await op.card.sale(sale('01', { recurring_init: 'Y' }));
    await expect(op.card.deschedule({ schedule_id, recurring_token: other.recurring_token! })).rejects.toMatchObject({ kind: 'api_error' });
  });

  it('checkout.retry: a soft-declined recurring charge is accepted, then settles', async () => {
    const { redirect_url } = await op.checkout.createSession({
      operation: 'purchase',
      order: { number: uid('o'), amount: '10.00', currency: 'USD', description: 'Plan' },
      success_url: 'https://shop.example/s',
      recurring_init: true,
    } as never);
    const first = returnQuery((await postPage(`${redirect_url}/pay`, card('01/38'))).html).payment_id!;
    const token = (await eventually(() => shop.received.find((c) => c.fields.id === first && c.fields.recurring_token))).fields
      .recurring_token as string;
    const charge = await op.checkout.recurring({
      recurring_init_trans_id: first,
      recurring_token: token,
      order: { number: uid('r'), amount: '3.00', description: 'Monthly' },
    });
    await softDecline(charge.payment_id);
    expect(await op.checkout.status({ payment_id: charge.payment_id })).toMatchObject({ status: 'decline' });

    expect(await op.checkout.retry({ payment_id: charge.payment_id })).toEqual({ payment_id: charge.payment_id, result: 'accepted' });
    const cb = await eventually(
      () => shop.received.find((c) => c.fields.id === charge.payment_id && c.fields.order_status === 'settled')?.fields,
    );
    expect(cb).toMatchObject({ type: 'recurring', status: 'success', order_amount: '3.00' });
  });

  it('checkout.cardCredit: the payer confirms the expiry on the page and the payout settles', async () => {
    const saved = await op.card.sale(sale('01', { req_token: 'Y' }));
    const orderId = uid('cc');
    const { redirect_url } = await op.checkout.cardCredit({
      order_id: orderId,
      order_amount: '5.00',
      order_currency: 'USD',
      order_description: 'Winnings',
      card_token: saved.card_token!,
      payee_first_name: 'Jane',
      payee_last_name: 'Roe',
    });
    expect(redirect_url).toMatch(new RegExp(`^${platform.url}/auth/`));
    const done = await postPage(`${redirect_url}/pay`, { saved_expiry: '01/38' });
    expect(done.html).toContain('Payment successful');
    const cb = await eventually(() => shop.received.find((c) => c.fields.order_number === orderId)?.fields);
    expect(cb).toMatchObject({
      type: 'credit',
      status: 'success',
      order_status: 'settled',
      payee_first_name: 'Jane',
      card: '411111****1111',
      card_token: saved.card_token,
    });
    expect(await op.checkout.status({ payment_id: cb.id as string })).toMatchObject({ status: 'settled' });
  });
});
