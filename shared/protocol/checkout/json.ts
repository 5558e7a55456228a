/** JSON bodies of the Checkout API and how free-form JSON (custom_data) becomes callback form fields. */
import { ValidationError } from '../../errors.js';
import type { FormValue } from '../form.js';
import { freeFormErrors } from '../limits.js';

export function parseJsonObject(rawBody: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw ValidationError.field('', 'Request body is not valid JSON.');
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw ValidationError.field('', 'Request body is not valid JSON.');
  // Nothing deeper can be stored (DynamoDB allows 32 levels), and deeper values would make later JSON work recurse.
  if (deeperThan(json, MAX_JSON_DEPTH)) throw ValidationError.field('', `Request body is nested too deeply. It should have ${MAX_JSON_DEPTH} levels or less.`);
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
 * Clients of this protocol in the wild send JSON null for optional values they do not have
 * ("customer": null, "billing_address": null). null is read as absent: at the top level and inside the named
 * objects, never inside free-form objects (custom_data, parameters, payee), whose nulls are the merchant's data.
 * A required field sent as null is then simply missing ("This value should not be blank.", as before).
 */
export function withoutNulls(json: Record<string, unknown>, nested: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    if (value === null) continue;
    out[key] = nested.includes(key) && typeof value === 'object' && !Array.isArray(value) ? withoutNulls(value as Record<string, unknown>) : value;
  }
  return out;
}

/** custom_data leaves become strings (true → "1", null → ""), as PHP would send them in a form callback. */
export function toFormValue(value: unknown): FormValue {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  if (Array.isArray(value)) return value.map(toFormValue);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toFormValue(v)]));
  return String(value);
}
