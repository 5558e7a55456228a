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
  // Every Checkout and hosted-fields body passes here: free-form objects are capped before anything reads them.
  const tooBig = freeFormErrors(json as Record<string, unknown>, 'json');
  if (tooBig.length) throw new ValidationError(tooBig);
  return json as Record<string, unknown>;
}

/** custom_data leaves become strings (true → "1", null → ""), as PHP would send them in a form callback. */
export function toFormValue(value: unknown): FormValue {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  if (Array.isArray(value)) return value.map(toFormValue);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toFormValue(v)]));
  return String(value);
}
