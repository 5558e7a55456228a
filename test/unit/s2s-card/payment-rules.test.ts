/** The decision rules of the payment cores, on plain Payment values (no I/O). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Payment } from '../../../shared/domain/payment.js';
import type { Mid } from '../../../shared/domain/merchant.js';
import { checkCapture, checkVoid, planCreditvoid, selectMid, isMoto, routePayment } from '../../../shared/operations/payment/index.js';
import { payerLanguage, PHONE_COUNTRY_CODE } from '../../../shared/protocol/s2s-card/payer.js';

const NOW = new Date('2030-05-05T12:00:00Z');

function payment(over: Partial<Payment> = {}): Payment {
  return {
    transId: 't1',
    clientKey: 'k',
    protocol: 's2s-card',
    action: 'SALE',
    orderId: 'o',
    orderDescription: 'd',
    currency: 'USD',
    amount: 1000,
    capturedAmount: 1000,
    refundedAmount: 0,
    status: 'SETTLED',
    midId: 'm',
    connector: 'sandbox',
    details: {},
    descriptor: 'x',
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    history: [{ id: 't1', type: 'SALE', status: 'success', date: NOW.toISOString(), amount: 1000 }],
    callbackCount: 0,
    version: 1,
    ...over,
  };
}
const held = () =>
  payment({
    status: 'PENDING',
    capturedAmount: 0,
    history: [{ id: 't1', type: 'AUTH', status: 'success', date: NOW.toISOString(), amount: 1000 }],
  });

describe('CREDITVOID plan', () => {
  it('PENDING → full REVERSAL only; SETTLED → REFUND; DEBIT → REVERSAL; others refused', () => {
    expect(planCreditvoid(held(), undefined)).toMatchObject({ kind: 'REVERSAL', amount: 1000 });
    expect(() => planCreditvoid(held(), 500)).toThrow('Partial reversal is not allowed.');
    expect(planCreditvoid(payment(), 300)).toMatchObject({ kind: 'REFUND', amount: 300 });
    expect(planCreditvoid(payment({ action: 'DEBIT' }), undefined)).toMatchObject({ kind: 'REVERSAL', amount: 1000 });
    for (const status of ['DECLINED', 'VOID', 'REFUND', 'REVERSAL', '3DS'] as const)
      expect(() => planCreditvoid(payment({ status }), undefined)).toThrow('Refund is not allowed');
  });

  it('refunds done and in flight never let the total exceed the settled amount', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1200 }), { maxLength: 8 }), (amounts) => {
        let p = payment();
        for (const [i, a] of amounts.entries()) {
          try {
            const plan = planCreditvoid(p, a);
            // half of them stay in flight, half complete
            p =
              i % 2
                ? { ...p, history: [...p.history, { id: `r${i}`, type: 'REFUND', status: 'waiting', date: '', amount: plan.amount }] }
                : { ...p, refundedAmount: p.refundedAmount + plan.amount };
          } catch {
            /* refused */
          }
        }
        const inFlight = p.history.filter((h) => h.status === 'waiting').reduce((s, h) => s + h.amount, 0);
        expect(p.refundedAmount + inFlight).toBeLessThanOrEqual(1000);
      }),
    );
  });
});

describe('CAPTURE and VOID rules', () => {
  it('capture: PENDING only, once, never above the authorization', () => {
    expect(checkCapture(held(), undefined)).toBe(1000);
    expect(checkCapture(held(), 400)).toBe(400);
    expect(() => checkCapture(held(), 1001)).toThrow('Capture amount exceeds the authorized amount.');
    expect(() => checkCapture(payment(), undefined)).toThrow('Capture is not allowed.');
    const waiting = held();
    waiting.history.push({ id: 'c', type: 'CAPTURE', status: 'waiting', date: '', amount: 10 });
    expect(() => checkCapture(waiting, 10)).toThrow('Capture is not allowed.');
  });

  it('void: SETTLED on the same UTC day, untouched', () => {
    expect(() => checkVoid(payment(), NOW)).not.toThrow();
    expect(() => checkVoid(payment(), new Date('2030-05-06T00:00:01Z'))).toThrow('Void is not allowed.');
    expect(() => checkVoid(held(), NOW)).toThrow('Void is not allowed.');
    expect(() => checkVoid(payment({ refundedAmount: 1 }), NOW)).toThrow('Void is not allowed.');
  });
});

describe('MID routing', () => {
  const mid = (over: Partial<Mid>): Mid => ({
    midId: over.name ?? 'm',
    name: 'm',
    paymentMode: 'SMS/DMS',
    moto: false,
    zeroAmount: false,
    connector: 'sandbox',
    enabled: true,
    descriptor: 'd',
    ...over,
  });
  it('mode, MOTO and zero amount narrow the choice with their own errors', () => {
    const mids = [mid({ name: 'sms', paymentMode: 'SMS' }), mid({ name: 'dms', paymentMode: 'DMS', moto: true })];
    expect(selectMid(mids, { authorize: false }).name).toBe('sms');
    expect(selectMid(mids, { authorize: true, moto: true }).name).toBe('dms');
    expect(() => selectMid(mids, { authorize: false, moto: true })).toThrow(expect.objectContaining({ code: 204025 }));
    expect(() => selectMid([mid({ paymentMode: 'SMS' })], { authorize: true })).toThrow(expect.objectContaining({ code: 204002 }));
    expect(() => selectMid(mids, { authorize: true, zeroAmount: true })).toThrow('amount: This value should be greater than 0.');
    expect(() => selectMid([mid({ enabled: false })], { authorize: false })).toThrow(expect.objectContaining({ code: 204002 }));
  });

  it('a sale falls back to a DMS MID as an authorization; a MID without a mode is SMS/DMS; ecommerce is not MOTO', () => {
    const dms = mid({ name: 'dms', paymentMode: 'DMS', moto: true });
    expect(routePayment([dms], { authorize: false, sale: true })).toEqual({ mid: dms, authorize: true });
    expect(routePayment([mid({ name: 'sms', paymentMode: 'SMS' }), dms], { authorize: false, sale: true }).authorize).toBe(false);
    expect(routePayment([mid({ name: 'sms', paymentMode: 'SMS' }), dms], { authorize: false, sale: true, moto: true })).toEqual({
      mid: dms,
      authorize: true,
    });
    expect(() => routePayment([dms], { authorize: false })).toThrow(expect.objectContaining({ code: 204002 }));
    const legacy = mid({ name: 'legacy', paymentMode: undefined as never });
    expect(routePayment([legacy], { authorize: false }).mid.name).toBe('legacy');
    expect(routePayment([legacy], { authorize: true }).mid.name).toBe('legacy');
    expect([undefined, 'ecommerce', 'phone_moto', 'email_moto', 'default_moto'].map(isMoto)).toEqual([false, false, true, true, true]);
  });
});

describe('payer fields', () => {
  it('payer_language: case-insensitive, unknown → en, never throws', () => {
    expect(payerLanguage('DE')).toBe('de');
    expect(payerLanguage('zh-tw')).toBe('zh-TW');
    fc.assert(fc.property(fc.string(), (s) => typeof payerLanguage(s) === 'string'));
  });
  it('payer_phone_country_code: digits and single hyphens, at most 10 characters', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{1,10}$/), (s) => PHONE_COUNTRY_CODE.test(s)));
    for (const bad of ['', '-1', '1-', '1--2', '+44', '12345678901', '1-2-3-4-5-6']) expect(PHONE_COUNTRY_CODE.test(bad)).toBe(false);
  });
});
