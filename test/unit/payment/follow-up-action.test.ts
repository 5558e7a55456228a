/**
 * A follow-up request through the payment core's face (runFollowUpAction with the capture core) on the shared
 * in-memory ports (test/fakes/): the reservation takes the plan kept on the payment in one conditional write with the
 * request's claim, and a duplicate of the request never makes a second acquirer call: refused while the first one's
 * attempt waits, told "in progress" while the first may be alive, and once the first died before it answered, given
 * the acquirer's answer to an inquiry about that attempt.
 */
import { describe, expect, it } from 'vitest';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../../shared/domain/errors.js';
import { capture, runFollowUpAction, type FollowUpAction } from '../../../shared/operations/payment/index.js';
import type { Payment } from '../../../shared/domain/payment.js';
import { memoryCore, type MemoryCore } from '../../fakes/core-deps.js';
import { APPROVED } from '../../fakes/connector-registry.js';
import { cardPayment, recordEvents } from '../../fakes/payment.js';

const CAPTURE: FollowUpAction<string> = {
  event: 'CAPTURE',
  core: capture,
  withAmount: true,
  answer: (r) => `${r.event.result}/${r.payment.status}`,
};

/** A capture request as its protocol read and authenticated it. */
const request = (amountText?: string) => ({
  key: 'capture-key-of-t1',
  rawBody: `action=CAPTURE&trans_id=t1${amountText ? `&amount=${amountText}` : ''}`,
  transId: 't1',
  clientKey: 'k',
  amountText,
  verify: (found: Payment | undefined) => {
    if (!found || found.clientKey !== 'k') throw NotFoundError.transaction();
    return found;
  },
  callbacks: recordEvents,
});

const calls = (core: MemoryCore) => core.acquirer.asked.map((a) => a.call);

describe('a capture request', () => {
  it('reserves the plan kept on the payment, asks the acquirer once, and records the outcome with its callback', async () => {
    const core = memoryCore(cardPayment('PENDING'));
    expect(await runFollowUpAction(core.d, CAPTURE, request('4.00'))).toBe('SUCCESS/SETTLED');
    expect(core.acquirer.asked).toMatchObject([{ call: 'capture', transId: 't1', request: { amount: 400 } }]);
    const stored = (await core.payments.get('t1'))!;
    expect(stored).toMatchObject({ status: 'SETTLED', capturedAmount: 400, version: 5 });
    expect(stored).not.toHaveProperty('claims');
    expect(core.queue.enqueued.map((c) => c.eventId)).toEqual(['t1:CAPTURE:SUCCESS']);
  });

  it('is refused by the machine on a payment it cannot capture, and nothing is asked or written', async () => {
    const core = memoryCore(cardPayment('SETTLED'));
    await expect(runFollowUpAction(core.d, CAPTURE, request())).rejects.toBeInstanceOf(BusinessRuleError);
    expect([calls(core), core.payments.writes]).toEqual([[], []]);
  });

  it("answers another merchant's request as not found", async () => {
    const core = memoryCore(cardPayment('PENDING', { clientKey: 'other' }));
    await expect(runFollowUpAction(core.d, CAPTURE, request())).rejects.toBeInstanceOf(NotFoundError);
    expect(calls(core)).toEqual([]);
  });
});

/** A first request that died after its reservation: the attempt waits with the request's claim on the payment. */
async function diedAfterReservation(core: MemoryCore): Promise<void> {
  const now = core.clock.now();
  const claim = { key: request().key, lockExpiresAt: now.getTime() + core.payments.claimLockMs };
  const r = await core.payments.reserveFollowUp({
    transId: 't1',
    clientKey: 'k',
    event: 'CAPTURE',
    attemptId: 'a-died',
    claim,
    now: now.toISOString(),
  });
  expect(r).toHaveProperty('reserved');
}

describe('a duplicate capture request', () => {
  it("is refused while the first one's attempt waits for the acquirer (answered UNDEFINED): no second capture", async () => {
    const core = memoryCore(cardPayment('PENDING'));
    core.acquirer.answer('capture', new Error('timeout'));
    expect(await runFollowUpAction(core.d, CAPTURE, request())).toBe('UNDEFINED/PENDING');
    await expect(runFollowUpAction(core.d, CAPTURE, request())).rejects.toBeInstanceOf(BusinessRuleError);
    expect(calls(core)).toEqual(['capture']);
  });

  it('is told the first is in progress while the first may still be running', async () => {
    const core = memoryCore(cardPayment('PENDING'));
    await diedAfterReservation(core);
    await expect(runFollowUpAction(core.d, CAPTURE, request())).rejects.toBeInstanceOf(ConflictError);
    expect(calls(core)).toEqual([]);
  });

  it("gets the inquiry's answer about the first one's attempt once the first died, never a capture of its own", async () => {
    const core = memoryCore(cardPayment('PENDING'));
    await diedAfterReservation(core);
    core.clock.advance(core.payments.claimLockMs + 1000);
    core.acquirer.answer('inquire', APPROVED);
    expect(await runFollowUpAction(core.d, CAPTURE, request())).toBe('SUCCESS/SETTLED');
    expect(calls(core)).toEqual(['inquire']);
    expect(await core.payments.get('t1')).toMatchObject({ status: 'SETTLED', capturedAmount: 1000 });
    expect(core.queue.enqueued.map((c) => c.eventId)).toEqual(['t1:CAPTURE:SUCCESS']);
  });
});
