/**
 * POST /api/v1/session body (protocol.md §5.1 plus the spec's billing_address.language / phone_country_code and
 * the 6.7.0 `auth` flag). zod checks shapes; the rules that span fields follow in readSessionRequest. Every
 * problem is reported at once as "<field>: <message>" with the Symfony texts the protocol uses.
 */
import * as z from '../../lib/zod-mini.js';
import { ValidationError, type FieldError } from '../../domain/errors.js';
import { parseAmount, parseCurrency } from '../../domain/money.js';
import { MESSAGES, PATTERNS, isHttpUrl } from '../fields.js';
import { BLANK, billingAddressSchema, fieldErrors, requiredError, text } from './json-fields.js';
import type { CheckoutOperation } from '../../ports/checkout-sessions.js';
import { lenientJson, parseJsonObject } from './json.js';
import { MOTO_TYPES } from '../s2s-card/card-payment.js';
import { LIMIT_MESSAGES } from '../limits.js';
import { collectedState } from '../billing-state.js';
import { sentLanguage } from '../language-codes.js';

const BOOL = 'This value should be of type bool.';

const url = () => text({ min: 1, max: 1024 }).check(z.refine(isHttpUrl, MESSAGES.url));
const bool = () => z.optional(z.boolean({ error: BOOL }));
const obj = () => z.optional(z.record(z.string(), z.unknown(), { error: MESSAGES.invalid }));

/** `[a-zA-Z0-9 -!"#$%&'()*+,./:;&@]` from the field table. */
const ORDER_NUMBER = /^[a-zA-Z0-9 \-!"#$%&'()*+,./:;@]+$/;
const LATIN_NAME = /^[\p{Script=Latin} .'-]+$/u;
export const URL_TARGETS = ['_blank', '_self', '_parent', '_top'] as const;
export const OPERATIONS = ['purchase', 'debit', 'credit', 'transfer'] as const;

/** The session's customer (hosted fields add `ip`, token-request.ts). */
export const customerSchema = z.object(
  {
    name: z.optional(text({ min: 2, max: 32, pattern: LATIN_NAME })),
    email: z.optional(text({ max: 256 }).check(z.regex(PATTERNS.email, MESSAGES.email))),
    birth_date: z.optional(text({ pattern: PATTERNS.date })),
  },
  { error: MESSAGES.invalid },
);

/** Exported for the OpenAPI document (scripts/openapi), which describes the body from this very schema. */
export const sessionSchema = z.object({
  merchant_key: text({ min: 1 }),
  operation: z.enum(OPERATIONS, { error: (i) => (i.input === undefined ? BLANK : MESSAGES.choice) }),
  methods: z.optional(
    z.array(text({ min: 1, max: 64 }), { error: MESSAGES.invalid }).check(z.maxLength(32, LIMIT_MESSAGES.tooManyEntries(32))),
  ),
  channel_id: z.optional(text({ max: 16 })),
  session_expiry: z.optional(
    z
      .number({ error: 'This value should be of type int.' })
      .check(
        z.int('This value should be of type int.'),
        z.gte(1, 'This value should be between 1 and 720.'),
        z.lte(720, 'This value should be between 1 and 720.'),
      ),
  ),
  success_url: url(),
  cancel_url: z.optional(url()),
  expiry_url: z.optional(url()),
  error_url: z.optional(url()),
  url_target: z.optional(z.enum(URL_TARGETS, { error: MESSAGES.choice })),
  req_token: bool(),
  card_token: z.optional(
    z.array(text({ min: 64, max: 64 }), { error: MESSAGES.invalid }).check(z.maxLength(32, LIMIT_MESSAGES.tooManyEntries(32))),
  ),
  recurring_init: bool(),
  schedule_id: z.optional(text({ min: 1, max: 64 })),
  // Spec "Schedules": both need schedule_id; checked with the schedule itself (shared/operations/schedules).
  schedule_start_date: z.optional(text({ min: 1, max: 10 })),
  payment_schedule_amount: z.optional(text({ min: 1, max: 32 })),
  vat_calc: bool(),
  auth: bool(),
  // Spec: moto_type on "SALE, checkout authentication" (6.7.0 MOTO payments: CVV optional, only MOTO-enabled MIDs).
  moto_type: z.optional(z.enum(MOTO_TYPES as [string, ...string[]], { error: MESSAGES.choice })),
  hash: text({ min: 1 }),
  order: z.object(
    {
      number: text({ min: 1, max: 255, pattern: ORDER_NUMBER }),
      amount: text({ min: 1 }),
      currency: text({ min: 1 }),
      description: text({ min: 2, max: 1024 }),
    },
    { error: requiredError },
  ),
  customer: z.optional(customerSchema),
  billing_address: billingAddressSchema(),
  payee: obj(),
  payee_billing_address: obj(),
  crypto: obj(),
  parameters: obj(),
  custom_data: obj(),
});

export type SessionBody = z.infer<typeof sessionSchema>;

/** `B`: the body as its schema reads it (the hosted-fields token body is a session with its own differences). */
export interface SessionRequest<B = SessionBody> {
  body: B;
  operation: CheckoutOperation;
  /** Minor units. */
  amount: number;
  currency: string;
  sessionExpiryMinutes: number;
  /** The state, only when the country is one whose state is collected. */
  billingAddress?: Record<string, string>;
}

/** The fields the session rules below read: every session-shaped schema (session, hosted-fields token) has them. */
export type SessionRuleFields = Omit<SessionBody, 'success_url'>;

/** Parses the JSON text of the request; every invalid field is listed in one ValidationError. */
export function readSessionRequest(rawBody: string): SessionRequest {
  return readSessionBody(rawBody, sessionSchema);
}

/**
 * The session's reading with `schema` in place of sessionSchema (an extension of it): its checks, then the rules
 * that span fields, money and the billing state.
 */
export function readSessionBody<S extends z.ZodMiniObject & { _zod: { output: SessionRuleFields } }>(
  rawBody: string,
  schema: S,
): SessionRequest<z.output<S>> {
  // null, and "" for an optional field, is absent; "15" where a number belongs is 15 (json.ts lenientJson).
  const json = lenientJson(parseJsonObject(rawBody), schema);
  const parsed = schema.safeParse(json);
  const errors: FieldError[] = parsed.success ? [] : fieldErrors(parsed.error.issues);
  const raw = json as Record<string, unknown>;
  const read = (parsed.success ? parsed.data : raw) as z.output<S>;
  const body: SessionRuleFields = read;

  // Money: the currency decides the amount's format; a purchase of zero is allowed only for auth or recurring init.
  let amount = 0;
  let currency = '';
  const order = raw.order as Record<string, unknown> | undefined;
  if (order && typeof order.currency === 'string' && order.currency && typeof order.amount === 'string' && order.amount) {
    try {
      const c = parseCurrency(order.currency, 'order.currency');
      currency = c.code;
      amount = parseAmount(order.amount, c, 'order.amount').minor;
      const zeroAllowed = body.auth === true || body.recurring_init === true;
      if (amount === 0 && !zeroAllowed) errors.push({ field: 'amount', message: MESSAGES.positive });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      errors.push(...err.fieldErrors);
    }
  }

  const operation = body.operation as CheckoutOperation;
  if (parsed.success) {
    if (body.auth === true && operation !== 'purchase')
      errors.push({ field: 'auth', message: 'This value is available for the purchase operation only.' });
    // A mail or phone order is a card payment the payer pays (purchase, debit); a payout or transfer is not one.
    if (body.moto_type !== undefined && !['purchase', 'debit'].includes(operation)) {
      errors.push({ field: 'moto_type', message: 'This value is available for the purchase and debit operations only.' });
    }
    if (body.vat_calc === true && operation !== 'purchase')
      errors.push({ field: 'vat_calc', message: 'This value is available for the purchase operation only.' });
    if (body.recurring_init === true && !['purchase', 'debit'].includes(operation)) {
      errors.push({ field: 'recurring_init', message: 'This value is available for the purchase and debit operations only.' });
    }
    if (body.schedule_id !== undefined && (body.recurring_init !== true || operation === 'debit')) {
      errors.push({ field: 'schedule_id', message: 'This value is available with recurring_init for purchase only.' });
    }
    if ((body.payee || body.payee_billing_address) && !['transfer', 'credit'].includes(operation)) {
      errors.push({
        field: body.payee ? 'payee' : 'payee_billing_address',
        message: 'This value is available for the transfer and credit operations only.',
      });
    }
  }

  let billingAddress: Record<string, string> | undefined;
  if (parsed.success && body.billing_address) {
    const { state, ...rest } = body.billing_address;
    billingAddress = Object.fromEntries(Object.entries(rest).filter(([k, v]) => typeof v === 'string' && k !== 'language')) as Record<
      string,
      string
    >;
    const language = sentLanguage(rest.language);
    if (language) billingAddress.language = language;
    // 6.7.0: the state is only collected (and validated) for CA, US, JP, AU and IN.
    const kept = collectedState(rest.country, state);
    if (kept.error) errors.push({ field: 'billing_address.state', message: kept.error });
    else if (kept.state) billingAddress.state = kept.state;
  }

  if (errors.length) throw new ValidationError(errors);
  return { body: read, operation, amount, currency, sessionExpiryMinutes: body.session_expiry ?? 60, billingAddress };
}
