/**
 * PUT /api/v1/session/update body: only the listed parameters, at least one. merchant_key, hash and anything not
 * listed are refused by name. recurring_init and req_token are JSON booleans only ("Y"/"N" are refused);
 * schedule_id null removes it; parameters and custom_data replace the stored object ({} clears it).
 */
import { SessionUpdateError, ValidationError, type FieldError } from '../../domain/errors.js';
import { MESSAGES } from '../fields.js';
import { parseJsonObject } from '../checkout/json.js';

export const UPDATABLE = [
  'order_amount',
  'order_currency',
  'recurring_init',
  'req_token',
  'schedule_id',
  'parameters',
  'custom_data',
] as const;

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

const BOOL = 'This value should be of type bool.';
const STRING = 'This value should be of type string.';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `signed`: the merchant's stricter mode, where `hash` comes with the changes (it is no change itself). */
export function readUpdateRequest(rawBody: string, opts: { signed?: boolean } = {}): SessionChanges {
  const json = parseJsonObject(rawBody);
  const names = Object.keys(json).filter((n) => !(opts.signed && n === 'hash'));
  if (names.length === 0) throw SessionUpdateError.empty();
  const refused = names.filter((n) => !(UPDATABLE as readonly string[]).includes(n));
  if (refused.length) throw SessionUpdateError.notUpdatable(refused);

  const errors: FieldError[] = [];
  const changes: SessionChanges = {};
  const str = (name: 'order_amount' | 'order_currency') => {
    const v = json[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') errors.push({ field: name, message: v === null ? MESSAGES.blank : STRING });
    else if (v === '') errors.push({ field: name, message: MESSAGES.blank });
    else return v;
    return undefined;
  };
  changes.orderAmount = str('order_amount');
  changes.orderCurrency = str('order_currency');
  for (const [name, key] of [
    ['recurring_init', 'recurringInit'],
    ['req_token', 'reqToken'],
  ] as const) {
    const v = json[name];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') errors.push({ field: name, message: BOOL });
    else changes[key] = v;
  }
  if ('schedule_id' in json) {
    const v = json.schedule_id;
    if (v === null) changes.scheduleId = null;
    else if (typeof v !== 'string' || v === '')
      errors.push({ field: 'schedule_id', message: typeof v === 'string' ? MESSAGES.blank : STRING });
    else if (v.length > 64) errors.push({ field: 'schedule_id', message: MESSAGES.tooLong(64) });
    else changes.scheduleId = v;
  }
  for (const [name, key] of [
    ['parameters', 'parameters'],
    ['custom_data', 'customData'],
  ] as const) {
    const v = json[name];
    if (v === undefined) continue;
    if (!isObject(v)) errors.push({ field: name, message: MESSAGES.invalid });
    else changes[key] = v;
  }
  if (errors.length) throw new ValidationError(errors);
  if (opts.signed && typeof json.hash === 'string') changes.hash = json.hash;
  return changes;
}
