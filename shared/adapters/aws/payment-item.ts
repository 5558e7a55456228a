/**
 * The payment item's stored form. A write costs a unit per started KB (twice in a transaction), so the item leaves
 * out what its reader restores or never needs:
 * - index sort keys are the creation instant alone (the table key breaks ties: readers never parse them);
 * - capturedAmount, refundedAmount and callbackCount when 0, updatedAt when it is createdAt, a history entry's id
 *   when it is the trans id (the payment's own transaction; read back as such);
 * - the flags authorize, issueCardToken, issueRecurringToken when false (every reader checks `=== true`; the
 *   transactionType stays: recordedEvent falls back to the history entry's type, which a 3DS step replaces);
 * - on the reservation: the follow-up verifier (no follow-up can be reserved before the outcome writes its plans;
 *   the read path stores it again);
 * - the 3DS step's data (challengeToken, termUrl3ds, termUrlTarget) until the payment has a 3DS or REDIRECT step:
 *   the outcome that starts one writes them and they stay (a payer who comes back to the page after the step is
 *   sent to term_url_3ds); a payment without a step never gave its token to anyone, and a recovered one never
 *   starts a step (recover.ts);
 * - transId: the key holds it (`PAYMENT#<trans_id>`; index readers take it from the projected pk);
 * - a history entry's date when it is createdAt (the reservation's waiting entry);
 * - in details.payer, the "payer_" of every field name, and the e-mail and IP that payerEmail and details.payerIp
 *   already hold, stored as "" (a payer field is never kept empty, so "" can only mean that).
 * With a web shop's payer those three keep the reservation under 1 KB, one write unit instead of two (bench/cost.md).
 * Items written before these rules hold the same values in full and read the same.
 */
import type { PaymentItemForm } from '../../lib/config.js';
import type { Payment } from '../../domain/payment.js';
import { awaitingAcquirerSince } from '../../domain/undetermined.js';
import { apmDeadline } from '../../domain/apm-deadline.js';
import { foldIntent, plansAttribute } from './follow-up-intent.js';
import { keys, transIdOfKey } from './table-keys.js';

/**
 * The item of a payment. `form`: `compact` leaves out what the key or the rest of the item holds (transId, history
 * dates equal to createdAt, the payer's prefixes and repeats); `full` keeps them for code before the compact form
 * (commit d46709d, 2026-11-27) while a stage is upgraded.
 * `reservation`: the first write of a new payment, before its acquirer is asked. It carries no
 * reconciler entry: a request answers in seconds, and its outcome write lists the payment only if that outcome is
 * undetermined; a request that died in between is found by the reconciler's walk of the merchant's payments
 * (DynamoUndeterminedPayments.listAbandoned). That saves the entry's index write twice on every payment.
 */
export function paymentItem(
  p: Payment,
  nowSeconds: number,
  reservation = false,
  form: PaymentItemForm = 'compact',
): Record<string, unknown> {
  const compact = form === 'compact';
  const since = awaitingAcquirerSince(p);
  const deadline = apmDeadline(p);
  return {
    // A plain member first: on Node 20's V8 (the local platform) a literal that opens with a spread gets a new map
    // for every later member on each call (~50 µs instead of ~4 for this item, and a map of its own that makes every
    // reader of the item megamorphic; bench/src/object-spread.ts). Node 22's (Lambda's) does not.
    kind: 'payment',
    ...keys.payment(p.transId),
    ...keys.orderIndex(p.clientKey, p.orderId, p.createdAt),
    ...keys.merchantPayments(p.clientKey, p.createdAt),
    ...(p.card ? keys.cardLast4(p.clientKey, p.card.last4, p.createdAt) : {}),
    ...p,
    transId: compact ? undefined : p.transId,
    capturedAmount: p.capturedAmount || undefined,
    refundedAmount: p.refundedAmount || undefined,
    callbackCount: p.callbackCount || undefined,
    updatedAt: p.updatedAt === p.createdAt ? undefined : p.updatedAt,
    history: p.history.map(({ id, date, ...h }) => ({
      ...h,
      ...(id === p.transId ? {} : { id }),
      ...(compact && date === p.createdAt ? {} : { date }),
    })),
    details: storedDetails(p, reservation, compact),
    fuv: reservation ? undefined : p.fuv,
    // A claim whose attempt was settled (by the reconciler, an inquiry, a late answer) is spent: not kept.
    claims: liveClaims(p),
    answer: p.answer && p.answer.until > nowSeconds ? p.answer : undefined,
    // The reconciler's work list, written and removed by the same conditional write as the state it describes.
    ...(since && !reservation ? keys.undeterminedEntry(since, p.transId) : {}),
    // The APM deadline sweeper's list, likewise (a payment waiting for its provider never waits for the acquirer).
    ...(!since && deadline ? keys.apmDeadlineEntry(deadline, p.transId) : {}),
    // What a follow-up may reserve without reading first (follow-up-intent.ts).
    fu: plansAttribute(p),
  };
}

function storedDetails(p: Payment, reservation: boolean, compact: boolean): Payment['details'] {
  const d = { ...p.details };
  for (const flag of ['authorize', 'issueCardToken', 'issueRecurringToken'] as const) if (d[flag] === false) delete d[flag];
  if (reservation || !hasPayerStep(p)) {
    delete d.challengeToken;
    delete d.termUrl3ds;
    delete d.termUrlTarget;
  }
  if (d.payer && compact) d.payer = storedPayer(d.payer, p.payerEmail, d.payerIp);
  return d;
}

const PAYER = 'payer_';

function storedPayer(payer: Record<string, string>, email: string | undefined, ip: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(payer)) {
    const same = (name === 'payer_email' && value === email) || (name === 'payer_ip' && value === ip);
    out[name.startsWith(PAYER) ? name.slice(PAYER.length) : name] = same ? '' : value;
  }
  return out;
}

/** details.payer as the protocol names it, from either stored form (field names with or without "payer_"). */
function restoredPayer(stored: Record<string, string>, email: string | undefined, ip: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(stored)) {
    const name = key.startsWith(PAYER) ? key : PAYER + key;
    out[name] = value !== '' ? value : ((name === 'payer_email' ? email : name === 'payer_ip' ? ip : undefined) ?? '');
  }
  return out;
}

/** The payment is on, or went through, a 3DS or redirect step (the charge puts it in the history and it stays). */
function hasPayerStep(p: Payment): boolean {
  return p.status === '3DS' || p.status === 'REDIRECT' || p.history.some((h) => h.type === '3DS' || h.type === 'REDIRECT');
}

/** A payment item (any format) as the payment. */
export function toPayment(stored: Record<string, unknown>): Payment {
  const item = foldIntent(stored);
  const {
    pk,
    sk: _sk,
    gsi1pk: _g1,
    gsi1sk: _g1s,
    gsi2pk: _g2,
    gsi2sk: _g2s,
    gsi3pk: _g3,
    gsi3sk: _g3s,
    gsi4pk: _g4,
    gsi4sk: _g4s,
    kind: _k,
    ...rest
  } = item;
  const p = rest as unknown as Payment;
  p.transId ??= transIdOfKey(String(pk));
  p.capturedAmount ??= 0;
  p.refundedAmount ??= 0;
  p.callbackCount ??= 0;
  p.updatedAt ??= p.createdAt;
  p.history = (p.history ?? []).map((h) =>
    h.id === undefined || h.date === undefined ? { ...h, id: h.id ?? p.transId, date: h.date ?? p.createdAt } : h,
  );
  // A copy: the stored item's own maps stay as read.
  if (p.details?.payer) p.details = { ...p.details, payer: restoredPayer(p.details.payer, p.payerEmail, p.details.payerIp) };
  return p;
}

function liveClaims(p: Payment): Payment['claims'] {
  const live = p.claims?.filter((c) => p.history.some((h) => h.id === c.attemptId && h.status === 'waiting'));
  return live?.length ? live : undefined;
}
