/** The payment item's stored form: what it leaves out reads back as it was, and items of the earlier form read the same. */
import { describe, expect, it } from 'vitest';
import { paymentItem, toPayment } from '../../../shared/adapters/aws/payment-item.js';
import type { Payment } from '../../../shared/domain/payment.js';

const T = '2026-11-24T10:00:00.000Z';
const ID = '546f0ad6-1239-4728-8e5b-d0d9a54fa1dc';

const sale = (over: Partial<Payment> = {}): Payment => ({
  transId: ID,
  clientKey: 'm1',
  protocol: 's2s-card',
  action: 'SALE',
  orderId: 'o1',
  orderDescription: 'd',
  currency: 'USD',
  amount: 1000,
  capturedAmount: 0,
  refundedAmount: 0,
  status: 'PREPARE',
  midId: 'mid',
  connector: 'sandbox',
  card: { bin: '411111', last4: '1111', expMonth: '01', expYear: '2038', brand: 'visa' },
  payerEmail: 'a@b.c',
  details: {
    payer: { payer_email: 'a@b.c' },
    termUrl3ds: 'https://m/3ds',
    termUrlTarget: '_top',
    challengeToken: 'tok',
    midName: 'n',
    authorize: false,
    transactionType: 'SALE',
    issueCardToken: false,
    issueRecurringToken: false,
  },
  descriptor: 'X',
  createdAt: T,
  updatedAt: T,
  history: [{ id: ID, type: 'SALE', status: 'waiting', date: T, amount: 1000 }],
  callbackCount: 0,
  version: 1,
  fuv: 'v'.repeat(64),
  ...over,
});

/** What every reader sees of a payment: false flags are as good as absent. */
const asRead = (p: Payment): Payment => {
  const { authorize: _a, issueCardToken: _c, issueRecurringToken: _r, ...details } = p.details;
  return { ...p, details: { ...details, ...(p.details.authorize ? { authorize: true } : {}) } };
};

describe('payment item', () => {
  it('keys the indexes by the creation instant alone', () => {
    expect(paymentItem(sale(), 0)).toMatchObject({
      gsi1pk: 'ORDER#m1#o1',
      gsi1sk: T,
      gsi3pk: 'PAYMENTS#m1',
      gsi3sk: T,
      gsi4pk: 'CARD4#m1#1111',
      gsi4sk: T,
    });
  });

  it('leaves out zero counts, an unchanged updatedAt, the own transaction id, false flags, and reads them back', () => {
    const item = paymentItem(sale(), 0);
    for (const name of ['capturedAmount', 'refundedAmount', 'callbackCount', 'updatedAt']) expect(item[name]).toBeUndefined();
    expect(item.history).toEqual([{ type: 'SALE', status: 'waiting', amount: 1000 }]);
    expect(item.details).not.toHaveProperty('authorize');
    // Kept: an absent one would make recordedEvent name a 3DS step's entry type instead of the SALE.
    expect(item.details).toHaveProperty('transactionType', 'SALE');
    const outcome = sale({ status: '3DS', capturedAmount: 1000, callbackCount: 1, updatedAt: '2026-11-24T10:00:01.000Z', version: 2 });
    expect(toPayment(paymentItem(outcome, 0))).toEqual(asRead(outcome));
  });

  it('keeps what differs: an AUTH on a SALE, true flags, another attempt id, non-zero counts', () => {
    const p = sale({
      status: 'PENDING',
      capturedAmount: 0,
      refundedAmount: 5,
      callbackCount: 2,
      updatedAt: '2026-11-24T10:00:02.000Z',
      details: { authorize: true, transactionType: 'AUTH', issueCardToken: true, issueRecurringToken: true },
      history: [
        { id: ID, type: 'AUTH', status: 'success', date: T, amount: 1000 },
        { id: 'other', type: 'REFUND', status: 'success', date: T, amount: 5 },
      ],
    });
    const item = paymentItem(p, 0);
    expect(item.details).toEqual(p.details);
    expect(toPayment(item)).toEqual(p);
  });

  it('a reservation leaves out the follow-up verifier and the 3DS step data; an outcome that starts a step writes them', () => {
    const reservation = paymentItem(sale(), 0, true);
    expect(reservation.fuv).toBeUndefined();
    expect(reservation.details).toEqual({ payer: { email: '' }, midName: 'n', transactionType: 'SALE' });
    const step = [{ id: ID, type: '3DS' as const, status: 'waiting' as const, date: T, amount: 1000 }];
    const challenged = paymentItem(sale({ status: '3DS', version: 2, history: step }), 0);
    expect(challenged).toMatchObject({
      fuv: 'v'.repeat(64),
      details: { challengeToken: 'tok', termUrl3ds: 'https://m/3ds', termUrlTarget: '_top' },
    });
    // The step done, they stay: the payer may come back to the page and is sent to term_url_3ds.
    const completed = paymentItem(
      sale({
        status: 'SETTLED',
        version: 3,
        history: [
          { ...step[0]!, status: 'success' },
          { id: 'x', type: 'SALE', status: 'success', date: T, amount: 1000 },
        ],
      }),
      0,
    );
    expect(completed).toMatchObject({ details: { challengeToken: 'tok', termUrl3ds: 'https://m/3ds', termUrlTarget: '_top' } });
  });

  it('a payment answered without a step leaves out the 3DS step data nobody was given', () => {
    const settled = paymentItem(
      sale({ status: 'SETTLED', version: 2, history: [{ id: ID, type: 'SALE', status: 'success', date: T, amount: 1000 }] }),
      0,
    );
    expect(settled.details).toEqual({ payer: { email: '' }, midName: 'n', transactionType: 'SALE' });
    expect(settled.fuv).toBe('v'.repeat(64));
  });

  it("leaves out the trans id the key holds, a history date that is createdAt, and the payer's prefixes and repeats", () => {
    const payer = { payer_first_name: 'Jonathan', payer_email: 'a@b.c', payer_ip: '203.0.113.45', payer_zip: '10001' };
    const p = sale({ details: { payer, payerIp: '203.0.113.45', transactionType: 'SALE' } });
    const item = paymentItem(p, 0);
    expect(item.transId).toBeUndefined();
    expect(item.pk).toBe(`PAYMENT#${ID}`);
    expect(item.history).toEqual([{ type: 'SALE', status: 'waiting', amount: 1000 }]);
    expect(item.details).toEqual({
      payer: { first_name: 'Jonathan', email: '', ip: '', zip: '10001' },
      payerIp: '203.0.113.45',
      transactionType: 'SALE',
    });
    expect(toPayment(item)).toEqual(p);
    // A later entry keeps its date, and its id.
    const later = { id: 'r1', type: 'REFUND' as const, status: 'success' as const, date: '2026-11-24T10:05:00.000Z', amount: 5 };
    const refunded = sale({ status: 'SETTLED', version: 3, details: p.details, history: [{ ...p.history[0]!, status: 'success' }, later] });
    expect(paymentItem(refunded, 0).history).toEqual([{ type: 'SALE', status: 'success', amount: 1000 }, later]);
    expect(toPayment(paymentItem(refunded, 0))).toEqual(asRead(refunded));
  });

  it('the full form (PAYMENT_ITEM_FORM=full) keeps what code before the compact form reads, and reads the same', () => {
    const payer = { payer_first_name: 'Jonathan', payer_email: 'a@b.c', payer_ip: '203.0.113.45' };
    const p = sale({ details: { payer, payerIp: '203.0.113.45', transactionType: 'SALE' } });
    const item = paymentItem(p, 0, true, 'full');
    expect(item.transId).toBe(ID);
    expect(item.history).toEqual([{ type: 'SALE', status: 'waiting', date: T, amount: 1000 }]);
    expect(item.details).toEqual({ payer, payerIp: '203.0.113.45', transactionType: 'SALE' });
    expect(toPayment(paymentItem(p, 0, false, 'full'))).toEqual(p);
  });

  it("keeps a payer's e-mail and IP that differ from the payment's (a Checkout page's caller, another address)", () => {
    const payer = { payer_email: 'other@b.c', payer_ip: '198.51.100.7' };
    const p = sale({ details: { payer, payerIp: '203.0.113.45', transactionType: 'SALE' } });
    const item = paymentItem(p, 0);
    expect(item.details).toEqual({ payer: { email: 'other@b.c', ip: '198.51.100.7' }, payerIp: '203.0.113.45', transactionType: 'SALE' });
    expect(toPayment(item)).toEqual(p);
    // No payer IP on the payment: the field is kept as sent.
    const noIp = sale({
      payerEmail: undefined,
      details: { payer: { payer_email: 'a@b.c', payer_ip: '198.51.100.7' }, transactionType: 'SALE' },
    });
    expect(paymentItem(noIp, 0).details).toEqual({ payer: { email: 'a@b.c', ip: '198.51.100.7' }, transactionType: 'SALE' });
    expect(toPayment(paymentItem(noIp, 0))).toEqual(noIp);
  });

  it('reads an item of the earlier form (full sort keys, every value written) as the same payment', () => {
    const p = sale({ status: 'SETTLED', capturedAmount: 1000, callbackCount: 1, updatedAt: '2026-11-24T10:00:01.000Z', version: 2 });
    const earlier = {
      pk: `PAYMENT#${ID}`,
      sk: 'PAYMENT',
      gsi1pk: 'ORDER#m1#o1',
      gsi1sk: `${T}#${ID}`,
      gsi3pk: 'PAYMENTS#m1',
      gsi3sk: `${T}#${ID}`,
      gsi4pk: 'CARD4#m1#1111',
      gsi4sk: `${T}#${ID}`,
      kind: 'payment',
      ...structuredClone(p),
    };
    expect(toPayment(earlier)).toEqual(p);
    // Its next write moves it to the current form.
    expect(paymentItem(toPayment(earlier), 0)).toMatchObject({ gsi1sk: T, gsi3sk: T, gsi4sk: T });
  });
});
