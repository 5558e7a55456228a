/**
 * A payment's timeline: its transactions and every callback delivery attempt (or, for a callback not yet tried, where
 * it stands), oldest first. Shared by the console and `npm run admin -- payments show`.
 */
import { formatAmount, money } from '../../domain/money.js';
import { maskCard, type Payment } from '../../domain/payment.js';
import type { ConsolePayment, ConsoleTimelineEntry } from '../../protocol/console/answers.js';
import type { CallbackContext } from '../callbacks/context.js';

export type TimelineEntry = ConsoleTimelineEntry;

export async function paymentTimeline(ctx: Pick<CallbackContext, 'outbox' | 'log'>, payment: Payment): Promise<TimelineEntry[]> {
  const [callbacks, attempts] = await Promise.all([ctx.outbox.forPayment(payment.transId), ctx.log.forPayment(payment.transId)]);
  return [
    ...payment.history.map((t) => ({
      at: t.date,
      kind: 'transaction' as const,
      what: `${t.type} ${formatAmount(money(t.amount, payment.currency))} ${payment.currency}`,
      result: t.status + (t.declineReason ? ` (${t.declineReason})` : ''),
    })),
    // What the acquirer reported against the record (a late approval, a failed capture or refund), and what was done.
    ...(payment.details.lateOutcomes ?? []).map((o) => ({
      at: o.at,
      kind: 'acquirer' as const,
      what: `${o.event} ${formatAmount(money(o.amount, payment.currency))} ${payment.currency}${o.acquirerRef ? ` (${o.acquirerRef})` : ''}`,
      result: `${o.handling}${o.reversal ? `: ${o.reversal}` : ''}${o.note ? ` (${o.note})` : ''}`,
    })),
    ...callbacks.flatMap((c) => {
      const action = String(c.fields.action ?? c.fields.type ?? '');
      const which = { seq: c.seq, eventId: c.eventId, delivery: c.delivery };
      const mine = attempts.filter((a) => a.eventId === c.eventId).sort((a, b) => a.attempt - b.attempt);
      const tried: TimelineEntry[] = mine.map((a) => ({
        at: a.at,
        kind: 'callback' as const,
        what: `#${c.seq} ${action} ${c.fields.status ?? ''} → ${a.url} (attempt ${a.attempt})`.replace('  ', ' '),
        result:
          a.outcome === 'DELIVERED' ? `DELIVERED ${a.httpStatus ?? ''} in ${a.latencyMs} ms`.trim() : `FAILED ${a.error ?? ''}`.trim(),
        ...which,
      }));
      // A callback not yet tried (queued, held behind its predecessor, URL paused) shows where it stands.
      if (!mine.length)
        tried.push({
          at: c.createdAt,
          kind: 'callback',
          what: `#${c.seq} ${action} ${c.fields.status ?? ''} → ${c.url}`,
          result: c.delivery + (c.failReason ? ` (${c.failReason})` : ''),
          ...which,
        });
      return tried;
    }),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

/** What may be shown of a payment: never card data beyond the masked number. */
export function paymentSummary(p: Payment): ConsolePayment {
  return {
    transId: p.transId,
    clientKey: p.clientKey,
    protocol: p.protocol,
    action: p.action,
    status: p.status,
    orderId: p.orderId,
    amount: formatAmount(money(p.amount, p.currency)),
    currency: p.currency,
    card: p.card ? maskCard(p.card) : undefined,
    /** The MID that served the payment (routing, docs/routing.md): every follow-up stays on it. */
    midId: p.midId,
    midName: p.details.midName,
    routingAttempts: p.details.routingAttempts,
    declineReason: p.declineReason,
    /** Which risk control declined it before any acquirer, and why (docs/risk.md). */
    risk: p.details.risk,
    recurringToken: p.recurringToken,
    chargeback: p.details.chargeback
      ? {
          amount: formatAmount(money(p.details.chargeback.amount, p.currency)),
          reasonCode: p.details.chargeback.reasonCode,
          bankDate: p.details.chargeback.bankDate,
        }
      : undefined,
    lateOutcomes: p.details.lateOutcomes?.map((o) => ({
      event: o.event,
      amount: formatAmount(money(o.amount, p.currency)),
      at: o.at,
      handling: o.handling,
      ...(o.reversal ? { reversal: o.reversal } : {}),
      ...(o.acquirerRef ? { acquirerRef: o.acquirerRef } : {}),
      ...(o.note ? { note: o.note } : {}),
    })),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
