/**
 * The binding of every acquirer answer to its payment (shared/adapters/connectors/answer-binding.ts): the comparison itself,
 * and the registry's MID-bound connector applying it to every call, with the log line and the metric. The round trip
 * (another payment's 3DS result posted to a payment's Adyen return address) is in
 * test/integration/connectors/adyen-answer-binding.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerMismatches, AnswerMismatchError, MISMATCH_METRIC } from '../../../shared/adapters/connectors/answer-binding.js';
import { ConnectorCatalogue } from '../../../shared/adapters/connectors/registry.js';
import type { Connector, ConnectorOutcome, PaymentOfConnector } from '../../../shared/ports/connector.js';
import { logger } from '../../../shared/lib/logger.js';
import { invocation, withInvocation } from '../../../shared/lib/telemetry.js';

const TRANS_ID = '5f0d2a52-8a4b-4a8e-9d49-0d7e3c1f6a10';
const OTHER_ID = '7c1e9b30-2f4d-4b61-a0f8-3e5d9c2b7a44';
const expected = { transId: TRANS_ID, pspReference: 'PSP-OF-THIS', amount: 100_000, currency: 'USD' };
const approved = (about?: ConnectorOutcome['about']): ConnectorOutcome => ({
  kind: 'approved',
  rrn: 'PSP-OF-THIS',
  approvalCode: '123456',
  ...(about ? { about } : {}),
});

describe('answerMismatches', () => {
  it('an answer naming this payment, in every field it names, is about it', () => {
    expect(
      answerMismatches(approved({ reference: TRANS_ID, pspReference: 'PSP-OF-THIS', amount: 100_000, currency: 'USD' }), expected),
    ).toEqual([]);
  });

  it('each field that names something else is a mismatch: reference, acquirer id, amount, currency', () => {
    expect(answerMismatches(approved({ reference: OTHER_ID }), expected)).toEqual(['reference']);
    expect(answerMismatches(approved({ reference: TRANS_ID, pspReference: 'PSP-OF-OTHER' }), expected)).toEqual(['pspReference']);
    expect(answerMismatches(approved({ reference: TRANS_ID, amount: 100 }), expected)).toEqual(['amount']);
    expect(answerMismatches(approved({ reference: TRANS_ID, amount: 100_000, currency: 'EUR' }), expected)).toEqual(['currency']);
    expect(answerMismatches(approved({ reference: OTHER_ID, amount: 100, currency: 'usd' }), expected)).toEqual([
      'reference',
      'amount',
      'currency',
    ]);
    // Not only approvals: a decline or a challenge about another payment does not decide this one either.
    expect(answerMismatches({ kind: 'declined', reason: 'Refused', about: { reference: OTHER_ID } }, expected)).toEqual(['reference']);
    expect(answerMismatches({ kind: 'challenge', type: '3DS', about: { amount: 1 } }, expected)).toEqual(['amount']);
  });

  it('what an answer does not name is not compared; the acquirer id only once the payment has one', () => {
    expect(answerMismatches(approved(), expected)).toEqual([]);
    expect(answerMismatches(approved({ pspReference: 'NEW-PSP' }), { ...expected, pspReference: undefined })).toEqual([]);
  });

  it('a decision that must name its payment (a completion) and names none is a mismatch; an open step is not a decision', () => {
    const completion = { ...expected, mustName: true };
    expect(answerMismatches(approved(), completion)).toEqual(['reference']);
    expect(answerMismatches(approved({ amount: 100_000, currency: 'USD' }), completion)).toEqual(['reference']);
    expect(answerMismatches({ kind: 'declined', reason: 'Refused' }, completion)).toEqual(['reference']);
    expect(answerMismatches({ kind: 'pending' }, completion)).toEqual([]);
    expect(answerMismatches(approved({ reference: TRANS_ID }), completion)).toEqual([]);
  });
});

describe('the registry binds every answer of a MID-bound connector to its payment', () => {
  afterEach(() => vi.restoreAllMocks());

  const payment: PaymentOfConnector = {
    transId: TRANS_ID,
    clientKey: 'merchant-1',
    midId: 'mid-1',
    connector: 'acquirer',
    orderId: 'order-1',
    action: 'SALE',
    rrn: 'PSP-OF-THIS',
  };
  const card = { number: '4111111111111111', expMonth: '01', expYear: '2038', cvv: '737' };
  /** A connector whose every call gives `answer`. */
  const answering = (answer: ConnectorOutcome | 'unknown'): Connector => {
    const give = async () => (answer === 'unknown' ? { kind: 'pending' as const } : answer);
    return {
      name: 'acquirer',
      requiresAcceptHeader: false,
      pay: give,
      completeChallenge: give,
      capture: give,
      refund: give,
      void: give,
      payout: give,
      inquire: async () => answer,
    };
  };
  const bound = (answer: ConnectorOutcome | 'unknown') =>
    new ConnectorCatalogue([{ connector: answering(answer) }], { get: async () => undefined }).forPayment(payment);
  const completion = {
    transId: TRANS_ID,
    amount: 100_000,
    currency: 'USD',
    card,
    authorize: false,
    externalThreeDs: false,
    type: '3DS' as const,
    payerReturn: { redirectResult: 'from-the-payer' },
  };

  it('an approval about another payment is no answer: thrown, logged without card data, counted once', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const c = await bound(approved({ reference: OTHER_ID, amount: 100, currency: 'USD' }));
    const observed = await withInvocation('return', async () => {
      await expect(c.completeChallenge(completion)).rejects.toThrow(AnswerMismatchError);
      return invocation()!.observed;
    });
    expect(observed[MISMATCH_METRIC]).toBe(1);
    expect(logged).toHaveBeenCalledTimes(1);
    const [message, attributes] = logged.mock.calls[0]!;
    expect(message).toContain('another payment');
    expect(attributes).toMatchObject({
      connector: 'acquirer',
      call: 'completeChallenge',
      transId: TRANS_ID,
      differ: ['reference', 'amount'],
      named: { reference: OTHER_ID, amount: 100 },
    });
    expect(JSON.stringify(attributes)).not.toContain(card.number);
    expect(JSON.stringify(attributes)).not.toContain('from-the-payer');
  });

  it('a completion decided without naming its payment is no answer either', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect((await bound(approved())).completeChallenge(completion)).rejects.toThrow(AnswerMismatchError);
  });

  it('every call is bound: pay, capture, refund, void, payout and inquire against what each was for', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const c = await bound(approved({ reference: TRANS_ID, pspReference: 'PSP-OF-OTHER' }));
    // A new payment has no acquirer id to compare yet: pay and payout take the one the answer names.
    expect(
      await c.pay({ transId: TRANS_ID, amount: 100_000, currency: 'USD', card, authorize: false, externalThreeDs: false }),
    ).toMatchObject({ kind: 'approved' });
    expect(await c.payout({ transId: TRANS_ID, amount: 100_000, currency: 'USD', card })).toMatchObject({ kind: 'approved' });
    // Follow-ups and inquiries are about the payment whose id is recorded.
    await expect(c.capture({ transId: TRANS_ID, amount: 100_000, currency: 'USD' })).rejects.toThrow(AnswerMismatchError);
    await expect(c.refund({ transId: TRANS_ID, amount: 100_000, currency: 'USD', reversal: false })).rejects.toThrow(AnswerMismatchError);
    await expect(c.void({ transId: TRANS_ID, amount: 100_000, currency: 'USD' })).rejects.toThrow(AnswerMismatchError);
    const inquiry = {
      transId: TRANS_ID,
      attemptId: TRANS_ID,
      type: 'SALE',
      amount: 100_000,
      currency: 'USD',
      startedAt: new Date().toISOString(),
    };
    await expect(c.inquire(inquiry)).rejects.toThrow(AnswerMismatchError);

    const partial = await bound(approved({ reference: TRANS_ID, amount: 2_500, currency: 'USD' }));
    expect(await partial.refund({ transId: TRANS_ID, amount: 2_500, currency: 'USD', reversal: false })).toMatchObject({
      kind: 'approved',
    });
    await expect(partial.capture({ transId: TRANS_ID, amount: 100_000, currency: 'USD' })).rejects.toThrow(AnswerMismatchError);
    await expect(
      partial.pay({ transId: OTHER_ID, amount: 2_500, currency: 'USD', card, authorize: false, externalThreeDs: false }),
    ).rejects.toThrow(AnswerMismatchError);
    expect(await (await bound('unknown')).inquire(inquiry)).toBe('unknown');
  });

  it('an answer about this payment passes as the connector gave it', async () => {
    const answer = approved({ reference: TRANS_ID, pspReference: 'PSP-OF-THIS', amount: 100_000, currency: 'USD' });
    expect(await (await bound(answer)).completeChallenge(completion)).toEqual(answer);
  });
});
