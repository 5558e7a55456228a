/**
 * What the platform answers a provider's notification it took (POST /providers/…/notifications), declared once: the
 * handlers build it with these types (imported type-only) and the OpenAPI document describes it with the schemas.
 */
import * as z from '../../lib/zod-mini.js';

const answer = (effect: string) => z.strictObject({ result: z.literal('OK'), effect: z.string().check(z.meta({ description: effect })) });

/** An APM provider's or an acquirer's signed notification. */
export const notificationAnswerSchema = answer('What the notification did: applied, or unchanged for a duplicate or late one.');

/** Checkout.com's webhooks. */
export const checkoutComAnswerSchema = answer(
  'What the webhook did: applied; unchanged for a duplicate, late or non-final one; unknown for a payment that is not ours.',
);

export type NotificationAnswer = z.output<typeof notificationAnswerSchema>;
