/**
 * The JSON answers of the hosted-fields routes, declared once: the handlers build them with these types (imported
 * type-only, so no schema reaches a bundle) and the OpenAPI document describes them with these schemas' JSON Schema.
 * The payment answer is payment-answer.ts.
 */
import * as z from '../../lib/zod-mini.js';

/** POST /api/v1/session/token. */
export const tokenAnswerSchema = z.object({ token: z.string() });
export type TokenAnswer = z.output<typeof tokenAnswerSchema>;

/** PUT /api/v1/session/update. */
export const updateAnswerSchema = z.strictObject({ result: z.literal('success') });
export type UpdateAnswer = z.output<typeof updateAnswerSchema>;

/** POST /hosted-fields/card-data: what the card-number iframe gets back (never which value was wrong). */
export const cardDataAnswerSchema = z.strictObject({
  result: z
    .enum(['success', 'undefined'])
    .check(z.meta({ description: "success: the card is kept (sealed) for the merchant's payment call." })),
  message: z.string(),
});
export type CardDataAnswer = z.output<typeof cardDataAnswerSchema>;
