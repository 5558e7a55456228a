/** Which transactions of a payment moved money, and the balanced journals each becomes (domain/ledger). */
import { describe, expect, it } from 'vitest';
import type { Payment, TransactionRecord } from '../../../shared/domain/payment.js';
import { movementsOf } from '../../../shared/domain/ledger/movements.js';
import { journalOf } from '../../../shared/domain/ledger/postings.js';
import { balances, unbalanced } from '../../../shared/domain/ledger/journal.js';
import { newMovements } from '../../../shared/operations/ledger/journal-changes.js';

const AT = '2030-05-05T12:00:00.000Z';
const entry = (
  type: TransactionRecord['type'],
  amount: number,
  id: string,
  status: TransactionRecord['status'] = 'success',
): TransactionRecord => ({ type, amount, id, status, date: AT });

function payment(over: Partial<Payment>): Payment {
  return {
    transId: 't',
    clientKey: 'ck',
    protocol: 's2s-card',
    action: 'SALE',
    orderId: 'o',
    orderDescription: 'd',
    currency: 'USD',
    amount: 1000,
    capturedAmount: 0,
    refundedAmount: 0,
    status: 'PREPARE',
    midId: 'mid',
    connector: 'sandbox',
    descriptor: 'x',
    details: {},
    createdAt: AT,
    updatedAt: AT,
    history: [entry('SALE', 1000, 't', 'waiting')],
    callbackCount: 0,
    version: 1,
    ...over,
  };
}

const kinds = (p: Payment) => movementsOf(p).map((m) => `${m.kind}:${m.entryId}:${m.amount}`);

describe('movements', () => {
  it('a settled SALE captures; a declined or waiting one moves nothing', () => {
    expect(kinds(payment({ status: 'SETTLED', capturedAmount: 1000, history: [entry('SALE', 1000, 't')] }))).toEqual(['capture:t:1000']);
    expect(kinds(payment({ status: 'DECLINED', history: [entry('SALE', 1000, 't', 'fail')] }))).toEqual([]);
    expect(kinds(payment({}))).toEqual([]);
  });

  it('a hold moves nothing until its capture; a reversal of a hold moves nothing', () => {
    const held = payment({ action: 'AUTH', status: 'PENDING', history: [entry('AUTH', 1000, 't')], details: { transactionType: 'AUTH' } });
    expect(kinds(held)).toEqual([]);
    expect(kinds({ ...held, status: 'SETTLED', capturedAmount: 600, history: [...held.history, entry('CAPTURE', 600, 'c1')] })).toEqual([
      'capture:c1:600',
    ]);
    expect(kinds({ ...held, status: 'REVERSAL', refundedAmount: 1000, history: [...held.history, entry('REVERSAL', 1000, 'r1')] })).toEqual(
      [],
    );
  });

  it('refunds, a void and a chargeback of a settled payment each move their own amount', () => {
    const settled = payment({ status: 'SETTLED', capturedAmount: 1000, history: [entry('SALE', 1000, 't')] });
    expect(
      kinds({
        ...settled,
        refundedAmount: 500,
        history: [...settled.history, entry('REFUND', 300, 'r1'), entry('REFUND', 200, 'r2'), entry('REFUND', 100, 'r3', 'fail')],
      }),
    ).toEqual(['capture:t:1000', 'refund:r1:300', 'refund:r2:200']);
    expect(kinds({ ...settled, status: 'VOID', history: [...settled.history, entry('VOID', 1000, 'v1')] })).toEqual([
      'capture:t:1000',
      'void:v1:1000',
    ]);
    expect(kinds({ ...settled, status: 'CHARGEBACK', history: [...settled.history, entry('CHARGEBACK', 400, 'cb1')] })).toEqual([
      'capture:t:1000',
      'chargeback:cb1:400',
    ]);
  });

  it('a payout moves its amount out once it succeeded', () => {
    const payout = payment({ action: 'CREDIT2CARD', status: 'SETTLED', capturedAmount: 1000, history: [entry('CREDIT2CARD', 1000, 't')] });
    expect(kinds(payout)).toEqual(['payout:t:1000']);
  });
});

describe('journals', () => {
  const p = payment({
    status: 'CHARGEBACK',
    capturedAmount: 1000,
    refundedAmount: 300,
    history: [entry('SALE', 1000, 't'), entry('REFUND', 300, 'r1'), entry('CHARGEBACK', 700, 'cb1')],
  });
  const journals = movementsOf(p).map((m) => journalOf(p, m, 25));

  it('every journal balances and names its payment, event and MID', () => {
    for (const j of journals) expect(unbalanced(j)).toBeUndefined();
    expect(journals[0]).toMatchObject({
      id: 't/t/capture',
      transId: 't',
      event: 'SALE',
      midId: 'mid',
      clientKey: 'ck',
      currency: 'USD',
      amount: 1000,
      fee: 25,
    });
    expect(journalOf(p, movementsOf(p)[0]!).lines).toHaveLength(2);
    expect(unbalanced({ ...journals[0]!, lines: [{ account: 'a', side: 'debit', amount: 1 }] })).toMatch(/debits 1 ≠ credits 0/);
    expect(
      unbalanced({
        ...journals[0]!,
        lines: [
          { account: 'a', side: 'debit', amount: 0.5 },
          { account: 'b', side: 'credit', amount: 0.5 },
        ],
      }),
    ).toMatch(/not a positive integer/);
  });

  it('the merchant is owed the capture less refunds, chargebacks and fees; the accounts net to zero', () => {
    const b = balances(journals);
    expect(b.get('merchant_payable:ck:USD')).toBe(1000 - 300 - 700 - 3 * 25);
    expect(b.get('acquirer_receivable:mid:USD')).toBe(-(1000 - 300));
    expect(b.get('chargebacks:mid:USD')).toBe(700);
    expect(b.get('fee_revenue:USD')).toBe(75);
    expect([...b.values()].reduce((s, v) => s + v, 0)).toBe(0);
  });

  it('a change journals only the movements the payment did not have before it', () => {
    const before = payment({ status: 'SETTLED', capturedAmount: 1000, history: [entry('SALE', 1000, 't')] });
    const after = { ...before, refundedAmount: 300, history: [...before.history, entry('REFUND', 300, 'r1')] };
    const ids = (ms: { entryId: string; kind: string }[]) => ms.map((m) => `${m.entryId}/${m.kind}`);
    expect(ids(newMovements({ old: before, new: after }))).toEqual(['r1/refund']);
    expect(newMovements({ old: after, new: after })).toEqual([]);
    expect(ids(newMovements({ new: after }))).toEqual(['t/capture', 'r1/refund']);
  });
});
