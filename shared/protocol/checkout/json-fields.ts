/**
 * zod building blocks of the Checkout-family JSON bodies (session, hosted-fields payment request): text rules with
 * the protocol's Symfony messages, the billing_address object both bodies share, and zod issues as field errors.
 */
import * as z from '../../lib/zod-mini.js';
import type { FieldError } from '../../domain/errors.js';
import { MESSAGES, PATTERNS, PATTERN_INPUT_MAX } from '../fields.js';

export const BLANK = MESSAGES.blank;

/** Missing (or null) is blank; anything of the wrong type is invalid. */
export const requiredError = (i: { input: unknown }) => (i.input === undefined || i.input === null ? BLANK : MESSAGES.invalid);

export const text = (rule: { min?: number; max?: number; pattern?: RegExp } = {}) => {
  let s = z.string({ error: requiredError });
  // Length first, and a value over it stops there: no later check or pattern ever sees an oversized value.
  const max = rule.max ?? (rule.pattern ? PATTERN_INPUT_MAX : undefined);
  if (max !== undefined) s = s.check(z.maxLength(max, { error: MESSAGES.tooLong(max), abort: true }));
  if (rule.min !== undefined) s = s.check(z.minLength(rule.min, rule.min === 1 ? BLANK : MESSAGES.tooShort(rule.min)));
  if (rule.pattern) s = s.check(z.regex(rule.pattern, MESSAGES.invalid));
  return s;
};

/** Digits, up to 10 characters, a hyphen allowed for composite codes (1-684). */
export const PHONE_COUNTRY_CODE = /^\d+(-\d+)*$/;

export const billingAddressSchema = () =>
  z.optional(
    z.object(
      {
        country: z.optional(text({ pattern: PATTERNS.country })),
        // Read by collectedState (billing-state.ts): ignored, whatever it is, unless the country collects states.
        state: z.optional(z.unknown()),
        city: z.optional(text({ max: 40 })),
        district: z.optional(text({ max: 32 })),
        address: z.optional(text({ max: 255 })),
        house_number: z.optional(text({ max: 9 })),
        zip: z.optional(text({ max: 10 })),
        phone: z.optional(text({ max: 32 })),
        phone_country_code: z.optional(text({ max: 10, pattern: PHONE_COUNTRY_CODE })),
        // Never validated (spec): read by sentLanguage (pages/i18n.ts); unknown codes are English.
        language: z.optional(z.unknown()),
      },
      { error: MESSAGES.invalid },
    ),
  );

/** "order.amount", "items[0].name": the field as the protocol's error messages name it. */
function fieldName(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldError[] {
  return issues.map((i) => ({ field: fieldName(i.path), message: i.message }));
}
