/**
 * The payment item's follow-up plans and the intent that takes one (ports/payment-store.ts FollowUpIntent).
 *
 * Every payment write keeps `fu`: the machine's plans (domain/payment-machine/plans.ts), compact, with the currency's
 * decimals (`x`), so a follow-up can be reserved by one UpdateItem whose condition checks the plan. That write
 * removes `fu` (the next follow-up finds none, and reads: no two reservations decided on the same plan), copies the
 * plan it took to `intentPlan`, and keeps the request's claim and attempt in `intent`. Reading the item folds the
 * two back into the payment as the attempt waiting in its history and the claim on it, exactly as a reservation
 * written whole would have stored them; the next whole write (the outcome) stores them that way.
 */
import type { Payment } from '../../domain/payment.js';
import { findCurrency } from '../../domain/money.js';
import { followUpPlans, type FollowUpPlan } from '../../domain/payment-machine/index.js';
import type { FollowUpIntent } from '../../ports/payment-store.js';
import { keys } from './table-keys.js';

/** The decimals an intent's amount was read with: a plan is taken only for a currency read the same way. */
export const INTENT_DECIMALS = '2/2';

interface StoredPlan {
  t: FollowUpPlan['type'];
  a: number;
  lo: number;
  hi: number;
  d?: string;
}

interface StoredIntent {
  key: string;
  attemptId: string;
  lockExpiresAt: number;
  bodyHash?: string;
  date: string;
  amount?: number;
}

/** The `fu` attribute of a payment item (undefined: no follow-up may be reserved without reading). */
export function plansAttribute(p: Payment): Record<string, unknown> | undefined {
  const plans = followUpPlans(p);
  const currency = findCurrency(p.currency);
  if (!plans || !currency) return undefined;
  const stored: Record<string, unknown> = { x: `${currency.exponent}/${currency.wireDecimals}` };
  for (const [event, plan] of Object.entries(plans)) {
    stored[event] = { t: plan.type, a: plan.amount, lo: plan.min, hi: plan.max, ...(plan.day ? { d: plan.day } : {}) } satisfies StoredPlan;
  }
  return stored;
}

export function intentUpdate(tableName: string, i: FollowUpIntent) {
  const conditions = ['clientKey = :ck', 'attribute_exists(#fu.#e)'];
  const values: Record<string, unknown> = { ':ck': i.clientKey };
  if (i.protocol) {
    conditions.push('#protocol = :protocol');
    values[':protocol'] = i.protocol;
  }
  if (i.verifier !== undefined) {
    // The request is authenticated by the write's condition: a wrong hash (or a stale verifier) writes nothing.
    conditions.push('fuv = :fuv');
    values[':fuv'] = i.verifier;
  }
  if (i.amount !== undefined) {
    conditions.push('#fu.#x = :x', '#fu.#e.lo <= :amount', '#fu.#e.hi >= :amount');
    Object.assign(values, { ':x': INTENT_DECIMALS, ':amount': i.amount });
  }
  if (i.event === 'VOID') {
    conditions.push('#fu.#e.d = :today');
    values[':today'] = i.now.slice(0, 10);
  }
  const intent: StoredIntent = { ...i.claim, attemptId: i.attemptId, date: i.now, ...(i.amount !== undefined ? { amount: i.amount } : {}) };
  const entry = keys.undeterminedEntry(i.now, i.transId);
  return {
    TableName: tableName,
    Key: keys.payment(i.transId),
    // The attempt waits for the acquirer from now: on the reconciler's list, like any reservation (the plan's
    // precondition, nothing waiting, means the payment is on no other list of gsi2).
    UpdateExpression: 'SET intent = :intent, intentPlan = #fu.#e, #v = #v + :one, gsi2pk = :g2pk, gsi2sk = :g2sk REMOVE #fu',
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: {
      '#fu': 'fu',
      '#e': i.event,
      '#v': 'version',
      ...(i.protocol ? { '#protocol': 'protocol' } : {}),
      ...(i.amount !== undefined ? { '#x': 'x' } : {}),
    },
    ExpressionAttributeValues: { ...values, ':intent': intent, ':one': 1, ':g2pk': entry.gsi2pk, ':g2sk': entry.gsi2sk },
    ReturnValues: 'ALL_NEW' as const,
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
}

/** The item's intent, if any, as the waiting attempt and the claim a whole reservation stores. */
export function foldIntent(item: Record<string, unknown>): Record<string, unknown> {
  const { intent, intentPlan, fu: _fu, ...rest } = item as Record<string, unknown> & { intent?: StoredIntent; intentPlan?: StoredPlan };
  if (!intent || !intentPlan) return rest;
  const history = (rest.history as Payment['history'] | undefined) ?? [];
  const claims = (rest.claims as Payment['claims']) ?? [];
  return {
    ...rest,
    history: [
      ...history,
      { type: intentPlan.t, status: 'waiting', date: intent.date, amount: intent.amount ?? intentPlan.a, id: intent.attemptId },
    ],
    claims: [
      ...claims,
      {
        key: intent.key,
        attemptId: intent.attemptId,
        lockExpiresAt: intent.lockExpiresAt,
        ...(intent.bodyHash ? { bodyHash: intent.bodyHash } : {}),
      },
    ],
  };
}
