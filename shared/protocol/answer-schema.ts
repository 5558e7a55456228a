/**
 * Answers described once: each response builder (a protocol's responses.ts) returns the type of a zod object declared beside it,
 * and the API reference (scripts/openapi) is generated from the same object, so the document and the code cannot
 * drift apart; test/integration/platform/openapi.test.ts validates the running platform's real answers against the
 * generated document for every action.
 */
import { z } from 'zod';
import { S2S_STATUSES } from './s2s/values.js';

export const text = z.string();
export const optionalText = z.string().optional();

/** An answer with exactly these fields; `id` names it in the reference (components.schemas). */
export function answer<S extends z.ZodRawShape>(id: string, description: string, shape: S) {
  return z.strictObject(shape).meta({ id, description });
}

/** Optional text fields by name (attribute groups that appear behind a merchant mapping). */
export const optionalFields = <K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((k) => [k, optionalText])) as Record<K, typeof optionalText>;

/** A callback's fields, described once beside its builder (form-encoded: nested values in bracket notation). */
export function callbackFields<S extends z.ZodRawShape>(id: string, description: string, shape: S, opts: { otherText?: boolean } = {}) {
  const fields = z.strictObject({ ...shape, hash: text });
  // otherText: fields named by the merchant's own data (Checkout's payee_<key>) are text.
  return (opts.otherText ? fields.catchall(z.string()) : fields).meta({ id, description });
}

/** Nested form values (custom_data[...], extended_data[...]) as the callback sends them. */
export const nested = z.record(z.string(), z.unknown()).optional();

/** What a builder returns for a schema. */
export type Answer<T extends z.ZodType> = z.output<T>;

/** The fields every S2S payment answer and callback opens with (S2S CARD and S2S APM alike). */
export const PAYMENT_ANSWER_FIELDS = {
  action: text,
  result: text,
  status: z.enum(S2S_STATUSES),
  order_id: text,
  trans_id: text,
  trans_date: text,
  descriptor: text,
  amount: text,
  currency: text,
};
