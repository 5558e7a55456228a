/** JSON bodies of the Checkout API and how free-form JSON (custom_data) becomes callback form fields. */
import { parseJson } from '@open-payments/protocol';
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import type { FormValue } from '../form.js';
import { freeFormErrors } from '../limits.js';

export function parseJsonObject(rawBody: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = parseJson(rawBody);
  } catch {
    throw ValidationError.field('', 'Request body is not valid JSON.');
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw ValidationError.field('', 'Request body is not valid JSON.');
  // Nothing deeper can be stored (DynamoDB allows 32 levels), and deeper values would make later JSON work recurse.
  if (deeperThan(json, MAX_JSON_DEPTH))
    throw ValidationError.field('', `Request body is nested too deeply. It should have ${MAX_JSON_DEPTH} levels or less.`);
  // Every Checkout and hosted-fields body passes here: free-form objects are capped before anything reads them.
  const tooBig = freeFormErrors(json as Record<string, unknown>, 'json');
  if (tooBig.length) throw new ValidationError(tooBig);
  return json as Record<string, unknown>;
}

const MAX_JSON_DEPTH = 32;

/** Whether `value` nests objects or arrays more than `max` levels; iterative, so no input can exhaust the stack. */
function deeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node as Record<string, unknown>)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * JSON as lenient live deployments of this protocol read it (docs/checkout.md "Lenient JSON"), driven by the body's
 * own schema: `null` — and `""` for an optional field — is absent; a numeric string ("15") where the schema expects
 * a number is that number. At the top level and inside the schema's named objects (customer, billing_address,
 * browser_info ...), never inside free-form objects (custom_data, parameters, payee), whose values are the merchant's
 * data. Anything else stays as sent, so a value that is really wrong gets the schema's exact error; "" for a required
 * field is still "This value should not be blank.".
 */
export function lenientJson(json: Record<string, unknown>, schema: z.ZodMiniObject): Record<string, unknown> {
  const shape = schema.shape as Record<string, z.ZodMiniType>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    if (value === null) continue;
    const field = shape[key];
    const optional = field instanceof z.ZodMiniOptional;
    const inner = optional ? (field.def.innerType as z.ZodMiniType) : field;
    if (value === '' && optional) continue;
    if (typeof value === 'string' && inner instanceof z.ZodMiniNumber && NUMERIC.test(value)) out[key] = Number(value);
    else if (inner instanceof z.ZodMiniObject && isPlainObject(value)) out[key] = lenientJson(value, inner);
    else out[key] = value;
  }
  return out;
}

/** A JSON number written as a string: an optional minus, digits, an optional fraction (no spaces, no exponent). */
const NUMERIC = /^-?\d{1,15}(\.\d{1,15})?$/;

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** custom_data leaves become strings (true → "1", null → ""), as PHP would send them in a form callback. */
export function toFormValue(value: unknown): FormValue {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  if (Array.isArray(value)) return value.map(toFormValue);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toFormValue(v)]));
  return String(value);
}
