/**
 * The answers of every endpoint, from the zod objects their builders return (shared/protocol/answer-schema.ts): the
 * builders' types and these schemas are one declaration, so the reference cannot describe a field the code does not
 * send or miss one it does. test/integration/platform/openapi.test.ts validates real answers against them.
 */
import { z } from 'zod';
import { AcceptedAnswer, CaptureAnswer, VoidAnswer } from '../../shared/protocol/s2s/answers.js';
import { CardDetailsAnswer, CardPaymentAnswer, CardStatusAnswer } from '../../shared/protocol/s2s-card/answers.js';
import { ApmPaymentAnswer, ApmStatusAnswer } from '../../shared/protocol/s2s-apm/answers.js';
import { ScheduleAnswer, ScheduleInfoAnswer } from '../../shared/protocol/schedules/answers.js';
import { AcceptedBody, PaymentStatusAnswer, RecurringBody, SessionAnswer, VoidBody } from '../../shared/protocol/checkout/answers.js';
import { HostedFieldsPaymentAnswer } from '../../shared/protocol/hosted-fields/payment-answer.js';
import { S2S_CARD_CALLBACK } from '../../shared/protocol/s2s-card/callback-fields.js';
import { S2S_APM_CALLBACK } from '../../shared/protocol/s2s-apm/callback-fields.js';
import { CHECKOUT_CALLBACK } from '../../shared/protocol/checkout/callback-fields.js';
import type { JsonSchema } from './fields-to-schema.js';

/** The callbacks' fields, declared beside their builders (webhooks.ts). */
export const CALLBACKS = { checkout: CHECKOUT_CALLBACK, s2sCard: S2S_CARD_CALLBACK, s2sApm: S2S_APM_CALLBACK };

export const S2S_CARD_ANSWERS = [
  CardPaymentAnswer,
  CardStatusAnswer,
  CardDetailsAnswer,
  CaptureAnswer,
  VoidAnswer,
  AcceptedAnswer,
  ScheduleAnswer,
  ScheduleInfoAnswer,
];
export const S2S_APM_ANSWERS = [ApmPaymentAnswer, ApmStatusAnswer, CaptureAnswer, VoidAnswer, AcceptedAnswer];

/** Checkout JSON endpoints: their one answer (payment/status: one payment, or a list with `size`). */
export const CHECKOUT_ANSWERS: Record<string, z.ZodType> = {
  '/api/v1/session': SessionAnswer,
  '/api/v1/payment/card/credit': SessionAnswer,
  '/api/v1/payment/status': PaymentStatusAnswer,
  '/api/v1/payment/refund': AcceptedBody,
  '/api/v1/payment/capture': AcceptedBody,
  '/api/v1/payment/retry': AcceptedBody,
  '/api/v1/payment/void': VoidBody,
  '/api/v1/payment/recurring': RecurringBody,
  '/api/v1/processing/purchase/card': HostedFieldsPaymentAnswer,
  '/api/v1/processing/debit/card': HostedFieldsPaymentAnswer,
};

export const idOf = (schema: z.ZodType): string => {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error('An answer schema needs an id (answer-schema.ts answer())');
  return id;
};

/** components.schemas entries of every answer, keyed by its id. */
export function answerComponents(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const schema of new Set<z.ZodType>([
    ...S2S_CARD_ANSWERS,
    ...S2S_APM_ANSWERS,
    ...Object.values(CHECKOUT_ANSWERS),
    ...Object.values(CALLBACKS),
  ])) {
    const id = idOf(schema);
    const generated = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }) as { $defs: Record<string, JsonSchema> };
    const text = JSON.stringify(generated.$defs[id]).replaceAll('"#/$defs/', '"#/components/schemas/');
    out[id] = JSON.parse(text) as JsonSchema;
  }
  return out;
}

export const answerRef = (schema: z.ZodType) => ({ $ref: `#/components/schemas/${idOf(schema)}` });
