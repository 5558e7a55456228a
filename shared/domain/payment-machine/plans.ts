/**
 * What a follow-up (CAPTURE, VOID, CREDITVOID) would reserve on a payment as it stands, decided by the machine and
 * kept on the payment item by every write (`plans`): the reservation can then be one conditional write that checks
 * the plan instead of reading the payment first (operations/payment/internal/follow-up.ts). Plans exist only while nothing
 * waits (no attempt in flight, no payer step), so a plan's amounts need no attempts in flight subtracted, and a
 * reservation takes all of them away: the next follow-up waits for the write that records the outcome, or reads.
 */
import type { Payment, TransactionType } from '../payment.js';
import { refundable, settledAt } from './guards.js';
import { decide } from './machine.js';

/** The attempt a follow-up reserves: its type, its amount when the request names none, and the amounts it may name. */
export interface FollowUpPlan {
  type: TransactionType;
  /** The default amount (minor units). */
  amount: number;
  /** The smallest and largest amount a request may name (a reversal of a held authorization: the whole amount only). */
  min: number;
  max: number;
  /** VOID only: the UTC day (YYYY-MM-DD) the payment may be voided on. */
  day?: string;
}

export type FollowUpEvent = 'CAPTURE' | 'VOID' | 'CREDITVOID';

export type FollowUpPlans = Partial<Record<FollowUpEvent, FollowUpPlan>>;

export function followUpPlans(p: Payment): FollowUpPlans | undefined {
  if (p.history.some((h) => h.status === 'waiting')) return undefined;
  const plans: FollowUpPlans = {};
  const capture = decide(p, { name: 'CAPTURE' });
  if (capture.ok) plans.CAPTURE = { type: 'CAPTURE', amount: p.amount, min: 1, max: p.amount };
  const day = settledAt(p);
  const voided = day ? decide(p, { name: 'VOID', now: day }) : undefined;
  if (voided?.ok)
    plans.VOID = { type: 'VOID', amount: p.capturedAmount, min: p.capturedAmount, max: p.capturedAmount, day: day!.slice(0, 10) };
  const left = refundable(p);
  const refund = decide(p, { name: 'CREDITVOID' });
  if (refund.ok && refund.decision.attempt && left > 0) {
    // A partial amount is allowed when the machine takes the smallest one (a held authorization: whole only).
    const min = decide(p, { name: 'CREDITVOID', amount: 1 }).ok ? 1 : left;
    plans.CREDITVOID = { type: refund.decision.attempt, amount: left, min, max: left };
  }
  return Object.keys(plans).length ? plans : undefined;
}
