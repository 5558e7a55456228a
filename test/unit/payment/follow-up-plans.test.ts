/**
 * The state machine's follow-up plans (shared/domain/payment-machine/plans.ts), case by case: what a capture, void or
 * creditvoid would reserve on a payment as it stands, kept on the payment so the reservation is one conditional
 * write. (test/unit/domain/payment-machine.test.ts checks over random runs that a plan never allows what the machine
 * refuses.)
 */
import { describe, expect, it } from 'vitest';
import { followUpPlans } from '../../../shared/domain/payment-machine/plans.js';
import { NOW } from '../../fakes/clock.js';
import { cardPayment } from '../../fakes/payment.js';

describe('the follow-up plans', () => {
  it('of a held authorization: a capture of any amount up to it, a reversal of all of it, no void', () => {
    expect(followUpPlans(cardPayment('PENDING'))).toEqual({
      CAPTURE: { type: 'CAPTURE', amount: 1000, min: 1, max: 1000 },
      CREDITVOID: { type: 'REVERSAL', amount: 1000, min: 1000, max: 1000 },
    });
  });

  it('of a payment settled today: a void on that day only, a refund of any part', () => {
    expect(followUpPlans(cardPayment('SETTLED'))).toEqual({
      VOID: { type: 'VOID', amount: 1000, min: 1000, max: 1000, day: NOW.slice(0, 10) },
      CREDITVOID: { type: 'REFUND', amount: 1000, min: 1, max: 1000 },
    });
  });

  it('of a partly refunded payment: what is left to refund, and no void', () => {
    const p = cardPayment('SETTLED', { refundedAmount: 300 });
    p.history.push({ id: 'r1', type: 'REFUND', status: 'success', date: NOW, amount: 300 });
    expect(followUpPlans(p)).toEqual({ CREDITVOID: { type: 'REFUND', amount: 700, min: 1, max: 700 } });
  });

  it('none while an attempt waits for the acquirer (the next follow-up reads instead)', () => {
    const p = cardPayment('PENDING');
    p.history.push({ id: 'c1', type: 'CAPTURE', status: 'waiting', date: NOW, amount: 1000 });
    expect(followUpPlans(p)).toBeUndefined();
  });

  it('none of a declined payment', () => {
    expect(followUpPlans(cardPayment('SETTLED', { status: 'DECLINED', capturedAmount: 0 }))).toBeUndefined();
  });
});
