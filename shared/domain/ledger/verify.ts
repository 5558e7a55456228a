/**
 * What `ledger verify` proves of one payment (docs/ledger.md "Verify"): its journals balance, they are exactly the
 * movements its state implies (none missing, none extra, the same amounts), and the balances recomputed from the
 * payment's amounts alone (captured, refunded, status, chargebacks) equal the balances its journals sum to.
 */
import { ACTIONS } from '../actions.js';
import type { Payment } from '../payment.js';
import { reversedAmount } from '../payment-details.js';
import { accounts } from './accounts.js';
import { balances, unbalanced, type Journal } from './journal.js';
import { movementsOf } from './movements.js';

/** The balances a payment's state implies, given the fees its journals charged (fees depend on the schedule then). */
export function balancesFromState(p: Payment, fees: number): Map<string, number> {
  const payable = accounts.merchantPayable(p.clientKey, p.currency);
  const receivable = accounts.acquirerReceivable(p.midId, p.currency);
  const out = new Map<string, number>();
  const add = (account: string, amount: number) => amount && out.set(account, (out.get(account) ?? 0) + amount);
  if (ACTIONS[p.action].payout) {
    // A payout settles its whole amount (capturedAmount) out through the acquirer, funded by the merchant.
    add(payable, -p.capturedAmount);
    add(receivable, p.capturedAmount);
  } else {
    // An approved void gives the whole capture back, whatever the status (a late approval leaves it unchanged).
    const voided = p.history.some((h) => h.type === 'VOID' && h.status === 'success');
    const captured = voided ? 0 : p.capturedAmount;
    // A reversal of a hold counts in refundedAmount but moved no captured money.
    const refunded = p.capturedAmount > 0 && !voided ? p.refundedAmount : 0;
    // A reversed chargeback gave its money back.
    const chargebacks =
      p.history.filter((h) => h.type === 'CHARGEBACK' && h.status === 'success').reduce((s, h) => s + h.amount, 0) -
      reversedAmount(p.details.chargeback);
    add(payable, captured - refunded - chargebacks);
    add(receivable, -(captured - refunded));
    add(accounts.chargebacks(p.midId, p.currency), chargebacks);
  }
  add(payable, -fees);
  add(accounts.feeRevenue(p.currency), fees);
  return out;
}

/** Every problem of one payment's books; none when they hold. */
export function paymentProblems(p: Payment, journals: readonly Journal[]): string[] {
  const problems: string[] = [];
  for (const j of journals) {
    const why = unbalanced(j);
    if (why) problems.push(`journal ${why}`);
    const feeLines = j.lines.filter((l) => l.account === accounts.feeRevenue(j.currency)).reduce((s, l) => s + l.amount, 0);
    if (feeLines !== j.fee) problems.push(`journal ${j.id}: fee ${j.fee} but its fee lines credit ${feeLines}`);
  }
  const byId = new Map(journals.map((j) => [`${j.entryId}#${j.kind}`, j]));
  for (const m of movementsOf(p)) {
    const j = byId.get(`${m.entryId}#${m.kind}`);
    byId.delete(`${m.entryId}#${m.kind}`);
    if (!j)
      problems.push(`payment ${p.transId} moved money without entries: ${m.kind} ${m.amount} ${p.currency} (${m.event} ${m.entryId})`);
    else if (j.amount !== m.amount) problems.push(`journal ${j.id}: ${j.amount} but the payment's ${m.kind} is ${m.amount}`);
  }
  for (const j of byId.values()) problems.push(`journal ${j.id}: no such movement in the payment's state`);
  const fromJournals = balances(journals);
  const fromState = balancesFromState(
    p,
    journals.reduce((s, j) => s + j.fee, 0),
  );
  for (const account of new Set([...fromJournals.keys(), ...fromState.keys()])) {
    const a = fromState.get(account) ?? 0;
    const b = fromJournals.get(account) ?? 0;
    if (a !== b) problems.push(`payment ${p.transId}: ${account} is ${b} by its journals, ${a} by its state`);
  }
  return problems;
}
