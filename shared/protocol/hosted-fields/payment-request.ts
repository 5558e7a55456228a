/**
 * POST /api/v1/processing/{purchase|debit}/card body (the spec's payment request). The card itself never travels
 * here: the iframes already submitted it to the platform. browser_info values are carried as strings; numbers and
 * booleans (what a page's JavaScript naturally produces) are accepted and turned into strings.
 */
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import { MESSAGES, PATTERNS } from '../fields.js';
import { BLANK, billingAddressSchema, fieldErrors, text } from '../checkout/json-fields.js';
import { lenientJson, parseJsonObject } from '../checkout/json.js';
import { collectedState } from '../billing-state.js';
import { sentLanguage } from '../language-codes.js';

const browserValue = () =>
  z.optional(
    z.pipe(
      z.pipe(
        z.union([z.string(), z.number(), z.boolean()], { error: MESSAGES.invalid }),
        z.transform((v) => String(v)),
      ),
      z.string().check(z.maxLength(2048, MESSAGES.tooLong(2048))),
    ),
  );

const BROWSER_KEYS = [
  'color_depth',
  'java_enabled',
  'java_script_enabled',
  'language',
  'screen_height',
  'screen_width',
  'time_zone_offset',
  'user_agent',
  'platform',
  'accept_header',
] as const;

/** Exported for the OpenAPI document (scripts/openapi), which describes the body from this very schema. */
export const paymentRequestSchema = z.object({
  name: text({ min: 1, max: 64 }).check(z.refine((v) => v.trim() !== '', BLANK)),
  with_hosted_fields: z.literal(true, { error: (i) => (i.input === undefined || i.input === null ? BLANK : 'This value should be true.') }),
  billing_address: billingAddressSchema(),
  browser_info: z.optional(
    z.object(
      {
        ...Object.fromEntries(BROWSER_KEYS.map((k) => [k, browserValue()])),
        // The release notes spell it accept_headers; both names reach the same field.
        accept_headers: browserValue(),
      } as Record<(typeof BROWSER_KEYS)[number] | 'accept_headers', ReturnType<typeof browserValue>>,
      { error: MESSAGES.invalid },
    ),
  ),
  email: z.optional(text({ max: 256 }).check(z.regex(PATTERNS.email, MESSAGES.email))),
  birth_date: z.optional(text({ pattern: PATTERNS.date }).check(z.refine(isCalendarDate, MESSAGES.invalid))),
  selected_language: z.optional(z.unknown()),
});

function isCalendarDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

export type BrowserInfo = Partial<Record<(typeof BROWSER_KEYS)[number], string>>;

export interface PaymentRequest {
  name: string;
  billingAddress?: Record<string, string>;
  browserInfo: BrowserInfo;
  email?: string;
  birthDate?: string;
  /** selected_language, else billing_address.language, as our lowercased code (sentLanguage). */
  language?: string;
}

/**
 * sessionCountry: the session's billing_address.country, which decides whether a state is collected when the
 * payment request names no country of its own.
 */
export function readPaymentRequest(rawBody: string, sessionCountry?: string): PaymentRequest {
  // As the session (checkout/json.ts lenientJson): null, and "" for an optional field, is absent.
  const parsed = paymentRequestSchema.safeParse(lenientJson(parseJsonObject(rawBody), paymentRequestSchema));
  const errors = parsed.success ? [] : fieldErrors(parsed.error.issues);
  const sent = parsed.success ? parsed.data.billing_address : undefined;
  // 6.7.0: the state is collected (and validated) only for CA, US, JP, AU and IN; for others it is ignored.
  const kept = sent ? collectedState(sent.country ?? sessionCountry, sent.state) : {};
  if (kept.error) errors.push({ field: 'billing_address.state', message: kept.error });
  if (!parsed.success || errors.length) throw new ValidationError(errors);
  const b = parsed.data;
  const { accept_headers, ...browser } = b.browser_info ?? {};
  const browserInfo: BrowserInfo = Object.fromEntries(Object.entries(browser).filter(([, v]) => v !== undefined));
  if (browserInfo.accept_header === undefined && accept_headers !== undefined) browserInfo.accept_header = accept_headers;
  const { state: _sentState, ...address } = b.billing_address ?? {};
  const billingAddress = b.billing_address && {
    ...(Object.fromEntries(Object.entries(address).filter(([k, v]) => typeof v === 'string' && k !== 'language')) as Record<
      string,
      string
    >),
    ...(sentLanguage(address.language) ? { language: sentLanguage(address.language)! } : {}),
    ...(kept.state ? { state: kept.state } : {}),
  };
  return {
    name: b.name.trim(),
    billingAddress,
    browserInfo,
    email: b.email,
    birthDate: b.birth_date,
    language: sentLanguage(b.selected_language) ?? sentLanguage(b.billing_address?.language),
  };
}
