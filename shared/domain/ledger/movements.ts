/**
 * Which of a payment's transactions moved money, read from the payment alone (its history and amounts), so the
 * stream consumer, a replay and `ledger verify` all find the same movements with the same ids:
 *
 * - capture: a successful CAPTURE, or, without one, the own transaction that settled (capturedAmount > 0; an
 *   approval that only holds funds leaves it 0);
 * - refund: a successful REFUND, or REVERSAL once money was captured (a reversal of a hold moves nothing);
 * - void: a successful VOID of a settled payment gives the whole capture back;
 * - payout: the own transaction of a payout action (CREDIT2CARD, CREDIT2VIRTUAL, CREDIT2CRYPTO) that succeeded;
 * - chargeback: each successful CHARGEBACK;
 * - chargeback_reversal: each reversal of the chargeback (details.chargeback.reversals): the disputed money comes back.
 */
import { ACTIONS } from '../actions.js';
import { ownTransaction } from '../payment-machine/machine.js';
import type { Payment, TransactionRecord } from '../payment.js';
import { reversalsOf } from '../payment-details.js';
import type { MovementKind } from './journal.js';

export type { MovementKind };

export interface Movement {
  kind: MovementKind;
  entryId: string;
  /** The transaction type that moved it. */
  event: string;
  /** Minor units, > 0. */
  amount: number;
  at: string;
}

const ok = (h: TransactionRecord) => h.status === 'success' && h.amount > 0;

export function movementsOf(p: Payment): Movement[] {
  const out: Movement[] = [];
  const own = ownTransaction(p);
  const ownSuccess = p.history.find((h) => h.type === own && h.status === 'success');
  const move = (kind: MovementKind, h: { id: string; type: string; date: string }, amount: number) => {
    if (amount > 0) out.push({ kind, entryId: h.id, event: h.type, amount, at: h.date });
  };
  if (ACTIONS[p.action].payout) {
    if (ownSuccess) move('payout', ownSuccess, ownSuccess.amount);
    return out;
  }
  const captures = p.history.filter((h) => h.type === 'CAPTURE' && ok(h));
  // The own transaction settled: its approval set capturedAmount (a hold sets 0). An APM approval reported by the
  // provider may carry no own entry: the payment itself names it then.
  const settledOwn = !captures.length && p.capturedAmount > 0;
  if (settledOwn) move('capture', ownSuccess ?? { id: p.transId, type: own, date: p.createdAt }, p.capturedAmount);
  for (const h of p.history) {
    if (!ok(h)) continue;
    if (h.type === 'CAPTURE') move('capture', h, h.amount);
    else if (h.type === 'REFUND' || (h.type === 'REVERSAL' && p.capturedAmount > 0)) move('refund', h, h.amount);
    else if (h.type === 'VOID' && p.capturedAmount > 0) move('void', h, p.capturedAmount);
    else if (h.type === 'CHARGEBACK') move('chargeback', h, h.amount);
  }
  // Each reversal its own movement (its id the journal's entry): a partial one, then the rest, each journaled once.
  for (const r of reversalsOf(p.details.chargeback))
    move('chargeback_reversal', { id: r.id, type: 'CHARGEBACK_REVERSAL', date: r.date }, r.amount);
  return out;
}
