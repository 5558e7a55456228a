/**
 * Which signed Adyen items contradict the record (shared/operations/providers/adyen-late-outcome.ts): only an approval
 * of this payment's own transaction, with its amount and currency, after a decline; only a failure of a capture or
 * refund its reference names, with its amount, after that one was recorded as done.
 */
import { describe, expect, it } from 'vitest';
import type { Payment, TransactionRecord } from '../../../shared/domain/payment.js';
import type { AdyenNotificationItem } from '../../../shared/protocol/providers/adyen-webhook.js';
import { adyenLateReport, adyenReversalResult } from '../../../shared/operations/providers/adyen-late-outcome.js';

const T = '7f3e8c1a-1111-4a2b-9c3d-0123456789ab';
const NOW = '2030-05-05T12:00:00.000Z';

function payment(status: Payment['status'], history: TransactionRecord[] = []): Payment {
  return {
    transId: T,
    clientKey: 'k',
    protocol: 's2s-card',
    action: 'SALE',
    orderId: 'o',
    orderDescription: 'd',
    currency: 'USD',
    amount: 1000,
    capturedAmount: 0,
    refundedAmount: 0,
    status,
    midId: 'm',
    connector: 'adyen',
    descriptor: 'x',
    details: {},
    createdAt: NOW,
    updatedAt: NOW,
    history: [{ id: T, type: 'SALE', status: status === 'DECLINED' ? 'fail' : 'success', date: NOW, amount: 1000 }, ...history],
    callbackCount: 0,
    version: 1,
  };
}

const item = (fields: Partial<AdyenNotificationItem>): AdyenNotificationItem => ({
  pspReference: 'PSP0000000000001',
  merchantAccountCode: 'M',
  merchantReference: T,
  amount: { value: 1000, currency: 'USD' },
  eventCode: 'AUTHORISATION',
  success: 'true',
  ...fields,
});

describe('late Adyen outcomes', () => {
  it('an AUTHORISATION success for a declined payment is reversed by its pspReference', () => {
    expect(adyenLateReport(item({}), payment('DECLINED'))).toEqual({
      event: 'AUTHORISATION',
      attemptId: T,
      amount: 1000,
      acquirerRef: 'PSP0000000000001',
      handling: 'reverse',
    });
  });

  it('is not one when the payment is not declined, or the item is about other money or a follow-up', () => {
    expect(adyenLateReport(item({}), payment('SETTLED'))).toBeUndefined();
    expect(adyenLateReport(item({ success: 'false' }), payment('DECLINED'))).toBeUndefined();
    expect(adyenLateReport(item({ amount: { value: 999, currency: 'USD' } }), payment('DECLINED'))).toBeUndefined();
    expect(adyenLateReport(item({ amount: { value: 1000, currency: 'EUR' } }), payment('DECLINED'))).toBeUndefined();
    expect(adyenLateReport(item({ merchantReference: `${T}.capture` }), payment('DECLINED'))).toBeUndefined();
  });

  it('CAPTURE_FAILED / REFUND_FAILED flag only the follow-up recorded as done that their reference names', () => {
    const capture: TransactionRecord = { id: 'cap-1', type: 'CAPTURE', status: 'success', date: NOW, amount: 1000 };
    const refund: TransactionRecord = { id: 'ref-1', type: 'REFUND', status: 'success', date: NOW, amount: 400 };
    const p = payment('SETTLED', [capture, refund]);
    expect(adyenLateReport(item({ eventCode: 'CAPTURE_FAILED', merchantReference: `${T}.capture` }), p)).toMatchObject({
      event: 'CAPTURE_FAILED',
      attemptId: 'cap-1',
      handling: 'flag',
    });
    expect(
      adyenLateReport(item({ eventCode: 'REFUND_FAILED', merchantReference: `${T}.ref-1`, amount: { value: 400, currency: 'USD' } }), p),
    ).toMatchObject({ event: 'REFUND_FAILED', attemptId: 'ref-1', handling: 'flag' });
    expect(
      adyenLateReport(
        item({ eventCode: 'REFUND', success: 'false', merchantReference: `${T}.ref-1`, amount: { value: 400, currency: 'USD' } }),
        p,
      ),
    ).toMatchObject({ event: 'REFUND_FAILED' });
    // Another refund, another amount, or a refund still waiting: not this one.
    expect(
      adyenLateReport(item({ eventCode: 'REFUND_FAILED', merchantReference: `${T}.ref-2`, amount: { value: 400, currency: 'USD' } }), p),
    ).toBeUndefined();
    expect(
      adyenLateReport(item({ eventCode: 'REFUND_FAILED', merchantReference: `${T}.ref-1`, amount: { value: 300, currency: 'USD' } }), p),
    ).toBeUndefined();
    const waiting = payment('SETTLED', [{ ...refund, status: 'waiting' }]);
    expect(
      adyenLateReport(
        item({ eventCode: 'REFUND_FAILED', merchantReference: `${T}.ref-1`, amount: { value: 400, currency: 'USD' } }),
        waiting,
      ),
    ).toBeUndefined();
  });

  it("reads Adyen's word on our reversal (trans_id.late) and technical cancel (trans_id.tcancel)", () => {
    expect(adyenReversalResult(item({ eventCode: 'CANCEL_OR_REFUND', merchantReference: `${T}.late` }))).toEqual({
      handling: 'reverse',
      ok: true,
    });
    expect(
      adyenReversalResult(item({ eventCode: 'TECHNICAL_CANCEL', merchantReference: `${T}.tcancel`, success: 'false', reason: 'captured' })),
    ).toEqual({ handling: 'technical-cancel', ok: false, note: 'captured' });
    expect(adyenReversalResult(item({ eventCode: 'CANCEL_OR_REFUND', merchantReference: `${T}.void` }))).toBeUndefined();
  });
});
