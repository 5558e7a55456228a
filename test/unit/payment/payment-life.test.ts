/**
 * One payment's life through the payment core's face on the shared in-memory ports (test/fakes/): an AUTH holds the
 * funds, a capture settles part of them, refunds give them back up to what was captured, and a void is for the day
 * of settlement only. Each follow-up goes through runFollowUpAction, as the protocols' handlers call it: the plan kept
 * on the payment is reserved in one write, the acquirer is asked once, and the state machine refuses the rest before
 * anything is written or asked.
 */
import { describe, expect, it } from 'vitest';
import { BusinessRuleError } from '../../../shared/domain/errors.js';
import {
  capture,
  chargeNewPayment,
  creditvoid,
  newPayment,
  runFollowUpAction,
  voidPayment,
  type FollowUpAction,
} from '../../../shared/operations/payment/index.js';
import type { Mid } from '../../../shared/domain/merchant.js';
import type { Payment } from '../../../shared/domain/payment.js';
import { memoryCore, type MemoryCore } from '../../fakes/core-deps.js';
import { recordEvents } from '../../fakes/payment.js';

const MID: Mid = {
  midId: 'm1',
  name: 'MID',
  paymentMode: 'SMS/DMS',
  moto: false,
  zeroAmount: false,
  connector: 'sandbox',
  enabled: true,
  descriptor: 'SHOP',
};

const action = (
  event: FollowUpAction<string>['event'],
  core: FollowUpAction<string>['core'],
  withAmount: boolean,
): FollowUpAction<string> => ({
  event,
  core,
  withAmount,
  answer: (r) => `${r.event.operation} ${r.event.result} ${r.payment.status}`,
});
const CAPTURE = action('CAPTURE', capture, true);
const CREDITVOID = action('CREDITVOID', creditvoid, true);
const VOID = action('VOID', voidPayment, false);

/** An AUTH of 10.00 USD, approved: the funds are held. */
async function authorized(core: MemoryCore): Promise<Payment> {
  const reserved = newPayment({
    transId: 'p1',
    clientKey: 'k',
    protocol: 's2s-card',
    action: 'SALE',
    transactionType: 'AUTH',
    orderId: 'o1',
    orderDescription: 'd',
    amount: 1000,
    currency: 'USD',
    mid: MID,
    details: { authorize: true, transactionType: 'AUTH' },
    now: core.clock.now().toISOString(),
  });
  const flow = {
    transactionType: 'AUTH' as const,
    hold: true,
    call: () =>
      core.d.connectors.forMid('k', MID).pay({ transId: 'p1', amount: 1000, currency: 'USD', authorize: true, externalThreeDs: false }),
  };
  return (await chargeNewPayment(core.d, reserved, flow, { callbacks: recordEvents })).payment;
}

/** A follow-up request on p1, as a protocol read and authenticated it; each its own request (its own key). */
let requests = 0;
const follow = (core: MemoryCore, a: FollowUpAction<string>, amountText?: string) =>
  runFollowUpAction(core.d, a, {
    key: `request-${++requests}`,
    rawBody: `${a.event} ${amountText ?? ''}`,
    transId: 'p1',
    clientKey: 'k',
    amountText,
    verify: (found) => found!,
    callbacks: recordEvents,
  });

const stored = async (core: MemoryCore) => (await core.payments.get('p1'))!;

describe("a payment's life", () => {
  it('holds the funds of an approved AUTH', async () => {
    const core = memoryCore();
    expect(await authorized(core)).toMatchObject({ status: 'PENDING', capturedAmount: 0, history: [{ type: 'AUTH', status: 'success' }] });
  });

  it('captures part of the hold, refunds up to what was captured, and refuses a refund beyond it unasked', async () => {
    const core = memoryCore();
    await authorized(core);
    expect(await follow(core, CAPTURE, '6.00')).toBe('CAPTURE SUCCESS SETTLED');
    expect(await follow(core, CREDITVOID, '2.00')).toBe('REFUND SUCCESS SETTLED');
    await expect(follow(core, CREDITVOID, '4.01')).rejects.toBeInstanceOf(BusinessRuleError);
    expect(await follow(core, CREDITVOID, '4.00')).toMatch(/^REFUND SUCCESS /);
    expect(await stored(core)).toMatchObject({ capturedAmount: 600, refundedAmount: 600 });
    expect(core.acquirer.asked.map((a) => [a.call, a.request.amount])).toEqual([
      ['pay', 1000],
      ['capture', 600],
      ['refund', 200],
      ['refund', 400],
    ]);
  });

  it('releases a hold whole by CREDITVOID (a reversal), after which nothing more is captured', async () => {
    const core = memoryCore();
    await authorized(core);
    expect(await follow(core, CREDITVOID)).toBe('REVERSAL SUCCESS REVERSAL');
    await expect(follow(core, CAPTURE)).rejects.toBeInstanceOf(BusinessRuleError);
    expect(core.acquirer.asked.map((a) => a.call)).toEqual(['pay', 'refund']);
  });

  it('voids a capture on the day it settled, never the day after', async () => {
    const today = memoryCore();
    await authorized(today);
    await follow(today, CAPTURE);
    expect(await follow(today, VOID)).toBe('VOID SUCCESS VOID');

    const later = memoryCore();
    await authorized(later);
    await follow(later, CAPTURE);
    later.clock.advance(24 * 3600_000);
    await expect(follow(later, VOID)).rejects.toBeInstanceOf(BusinessRuleError);
    expect((await stored(later)).status).toBe('SETTLED');
    expect(later.acquirer.asked.map((a) => a.call)).toEqual(['pay', 'capture']);
  });

  it('writes one callback per decided step, in order, each queued after its write', async () => {
    const core = memoryCore();
    await authorized(core);
    await follow(core, CAPTURE);
    await follow(core, CREDITVOID, '1.00');
    expect(core.payments.outbox.map((c) => c.eventId)).toEqual(['p1:AUTH:SUCCESS', 'p1:CAPTURE:SUCCESS', 'p1:REFUND:SUCCESS']);
    expect(core.queue.enqueued).toEqual(core.payments.outbox);
  });
});
