/** Payments, their timeline and actions, chargebacks and reconciliation (docs/console.md "Payments"). */
import { z } from 'zod';
import { amount, bool, cursor, int, str, time } from './kit.js';

/** What may be shown of a payment: never card data beyond the masked number. */
export const ConsolePayment = z
  .strictObject({
    transId: str,
    clientKey: str,
    protocol: z.enum(['s2s-card', 's2s-apm', 'checkout']),
    action: str,
    status: str,
    orderId: str,
    amount,
    currency: str,
    createdAt: time,
    updatedAt: time,
    card: str.meta({ description: 'Masked: first 6 and last 4 digits.' }).optional(),
    midId: str.meta({ description: 'The MID that served the payment; every follow-up stays on it (docs/routing.md).' }).optional(),
    midName: str.optional(),
    routingAttempts: z.array(z.strictObject({ midId: str, answer: str })).optional(),
    declineReason: str.optional(),
    /** The risk control that declined the payment before any acquirer, and why (the counter, the list entry). */
    risk: z.strictObject({ control: str, reason: str }).optional(),
    recurringToken: str.optional(),
    chargeback: z.strictObject({ amount, reasonCode: str, bankDate: str.optional() }).optional(),
    lateOutcomes: z
      .array(
        z
          .strictObject({
            event: str,
            amount,
            at: time,
            handling: z.enum(['reverse', 'technical-cancel', 'flag']),
            reversal: z.enum(['sending', 'received', 'refused', 'no-answer', 'done', 'failed']).optional(),
            acquirerRef: str.optional(),
            note: str.optional(),
          })
          .meta({
            description:
              'An acquirer outcome that contradicted what was recorded, and what the platform did (docs/reconciliation.md "Late outcomes").',
          }),
      )
      .optional(),
  })
  .meta({ id: 'ConsolePayment' });

/** One line of a payment's timeline: a transaction, or a callback's delivery attempt (or where it stands). */
export const ConsoleTimelineEntry = z
  .strictObject({
    at: time,
    kind: z.enum(['transaction', 'callback', 'acquirer']),
    what: str,
    result: str,
    /** Callbacks: which one (for a replay) and its delivery state now. */
    seq: int.optional(),
    eventId: str.optional(),
    delivery: str.optional(),
  })
  .meta({ id: 'ConsoleTimelineEntry' });

export const ConsolePaymentsAnswer = z.strictObject({ payments: z.array(ConsolePayment), cursor });

export const ConsolePaymentAnswer = z.strictObject({ payment: ConsolePayment, timeline: z.array(ConsoleTimelineEntry) });

/** Refund, void or capture from the console (stored as the idempotent answer's JSON). */
export const ConsolePaymentActionAnswer = z.strictObject({
  result: z.enum(['SUCCESS', 'DECLINED', 'REDIRECT', 'UNDEFINED', 'INIT']),
  operation: z.enum(['REFUND', 'REVERSAL', 'VOID', 'CAPTURE']),
  payment: ConsolePayment,
  declineReason: str.optional(),
});

export const ConsoleChargebacksAnswer = z.strictObject({ payments: z.array(ConsolePayment), cursor });

/** A chargeback opened (or found already recorded: `duplicate`, nothing changed); the ops event's own field names. */
export const ConsoleChargebackOpenAnswer = z.strictObject({
  trans_id: str,
  status: z.literal('CHARGEBACK'),
  amount,
  currency: str,
  reason_code: str,
  bank_date: str,
  duplicate: bool.meta({ description: 'true: this chargeback was already recorded; nothing changed.' }),
});

/** A payment with a transaction the acquirer has not answered. */
export const ConsoleUndetermined = z
  .strictObject({
    since: time,
    waiting: z.array(z.strictObject({ type: str, date: time, amount })),
    payment: ConsolePayment,
  })
  .meta({ description: 'A payment with a transaction the acquirer has not answered.' });

export const ConsoleReconciliationAnswer = z.strictObject({
  graceSeconds: int,
  giveUpSeconds: int,
  payments: z.array(ConsoleUndetermined),
});

export const ConsoleReconciliationInquireAnswer = z.strictObject({
  resolved: int,
  waiting: int,
  conflict: bool,
  payment: ConsolePayment,
});
