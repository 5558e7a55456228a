/**
 * PUT /api/v1/session/update body, declared once (the validation, the server's type and the OpenAPI document's
 * schema): only the listed parameters, at least one. merchant_key, hash and anything not listed are refused by name.
 * recurring_init and req_token are JSON booleans only ("Y"/"N" are refused); schedule_id null removes it;
 * parameters and custom_data replace the stored object ({} clears it).
 */
import * as z from '../../lib/zod-mini.js';
import { SessionUpdateError, ValidationError } from '../../domain/errors.js';
import { MESSAGES } from '../fields.js';
import { BLANK, fieldErrors } from '../checkout/json-fields.js';
import { parseJsonObject } from '../checkout/json.js';

const BOOL = 'This value should be of type bool.';
const STRING = 'This value should be of type string.';

const text = () => z.optional(z.string({ error: (i) => (i.input === null ? BLANK : STRING) }).check(z.minLength(1, BLANK)));
const flag = () => z.optional(z.boolean({ error: BOOL }));
const freeForm = () =>
  z.optional(
    z
      .record(z.string(), z.unknown(), { error: MESSAGES.invalid })
      .check(z.meta({ additionalProperties: true, description: 'Replaces the stored object ({} clears it).' })),
  );

export const updateRequestSchema = z
  .strictObject({
    order_amount: text(),
    order_currency: text(),
    recurring_init: flag(),
    req_token: flag(),
    schedule_id: z.optional(
      z
        .nullable(z.string({ error: STRING }).check(z.maxLength(64, { error: MESSAGES.tooLong(64), abort: true }), z.minLength(1, BLANK)))
        .check(z.meta({ description: 'null removes the schedule.' })),
    ),
    parameters: freeForm(),
    custom_data: freeForm(),
    // Read only in the signed mode (readUpdateRequest); it is no change itself.
    hash: z.optional(
      z.string().check(
        z.meta({
          description:
            'Only with the merchant setting hostedFieldsUpdateSignature: sha1(md5(upper(Token . order_amount . order_currency . order.description . PASSWORD))).',
        }),
      ),
    ),
  })
  .check(z.meta({ minProperties: 1 }));

export type UpdateRequestBody = z.output<typeof updateRequestSchema>;

/** The names a session update may change. */
export const UPDATABLE = Object.keys(updateRequestSchema.shape).filter((n) => n !== 'hash') as Array<
  Exclude<keyof UpdateRequestBody, 'hash'>
>;

export interface SessionChanges {
  orderAmount?: string;
  orderCurrency?: string;
  recurringInit?: boolean;
  reqToken?: boolean;
  /** null: remove the schedule. */
  scheduleId?: string | null;
  parameters?: Record<string, unknown>;
  customData?: Record<string, unknown>;
  /** Only where the merchant requires signed updates (update-hash.ts); refused by name otherwise. */
  hash?: string;
}

/** `signed`: the merchant's stricter mode, where `hash` comes with the changes (it is no change itself). */
export function readUpdateRequest(rawBody: string, opts: { signed?: boolean } = {}): SessionChanges {
  const sent = parseJsonObject(rawBody);
  const json = Object.fromEntries(Object.entries(sent).filter(([n]) => !(opts.signed && n === 'hash')));
  const names = Object.keys(json);
  if (names.length === 0) throw SessionUpdateError.empty();
  const refused = names.filter((n) => !(UPDATABLE as string[]).includes(n));
  if (refused.length) throw SessionUpdateError.notUpdatable(refused);

  const parsed = updateRequestSchema.safeParse(json);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error.issues));
  const b = parsed.data;
  const changes: SessionChanges = {
    orderAmount: b.order_amount,
    orderCurrency: b.order_currency,
    recurringInit: b.recurring_init,
    reqToken: b.req_token,
    parameters: b.parameters,
    customData: b.custom_data,
  };
  if (b.schedule_id !== undefined) changes.scheduleId = b.schedule_id;
  // A hash of another type is no hash: the signature check refuses the update.
  if (opts.signed && typeof sent.hash === 'string') changes.hash = sent.hash;
  return changes;
}
