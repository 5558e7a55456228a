/**
 * Size limits on what a request may carry (docs/limits.md). The protocol names none, but a payment is one DynamoDB
 * item (400 KB at most) that keeps growing with its history, callbacks and outcome after the acquirer has answered:
 * whatever is accepted must still fit then. So the body is capped before it is parsed, and every free-form object
 * (custom_data, parameters, payee ...) is capped in size, entries, depth, key and value length before anything is
 * stored or any acquirer is called.
 */
import type { FieldError } from '../domain/errors.js';
import { MESSAGES } from './fields.js';

/** Largest request body (bytes) of any route. A payment item then stays under a quarter of DynamoDB's 400 KB. */
export const MAX_BODY_BYTES = 64 * 1024;

export interface FreeFormLimits {
  /** UTF-8 bytes of all keys and string values together (numbers, booleans and null count 8). */
  maxBytes: number;
  /** Keys and list items at every level together. */
  maxEntries: number;
  /** Levels below the field itself: custom_data[a][b] is 2. */
  maxDepth: number;
  maxKeyLength: number;
  maxValueLength: number;
}

export const FREE_FORM_LIMITS = {
  /** Echoed in every callback of the payment. */
  custom_data: { maxBytes: 8 * 1024, maxEntries: 100, maxDepth: 3, maxKeyLength: 64, maxValueLength: 1024 },
  /** Acquirer and method extras: carts of many items (the spec's Set 4), a base64 file for one method. */
  parameters: { maxBytes: 32 * 1024, maxEntries: 500, maxDepth: 5, maxKeyLength: 64, maxValueLength: 16 * 1024 },
  /** Checkout transfer/credit details and the crypto network: small records. */
  payee: { maxBytes: 4 * 1024, maxEntries: 50, maxDepth: 2, maxKeyLength: 64, maxValueLength: 1024 },
  payee_billing_address: { maxBytes: 4 * 1024, maxEntries: 50, maxDepth: 2, maxKeyLength: 64, maxValueLength: 1024 },
  crypto: { maxBytes: 1024, maxEntries: 10, maxDepth: 1, maxKeyLength: 64, maxValueLength: 255 },
} as const satisfies Record<string, FreeFormLimits>;

export type FreeFormField = keyof typeof FREE_FORM_LIMITS;

export const LIMIT_MESSAGES = {
  tooLarge: (n: number) => `This value is too large. It should have ${n} bytes or less.`,
  tooManyEntries: (n: number) => `This collection should contain ${n} elements or less.`,
  tooDeep: (n: number) => `This value is nested too deeply. It should have ${n} level${n === 1 ? '' : 's'} or less.`,
  keyTooLong: (n: number) => `A key is too long. It should have ${n} characters or less.`,
  keyBlank: 'A key should not be blank.',
} as const;

/**
 * Numbers stored as sent: within 2^53 (beyond it JSON's double no longer is the number the merchant wrote, and the
 * DynamoDB document client refuses to store it imprecisely) and not so small that DynamoDB cannot (1E-130). Anything
 * else fails the write, so it is refused up front.
 */
function storableNumber(n: number): boolean {
  return Number.isFinite(n) && (n === 0 || (Math.abs(n) <= Number.MAX_SAFE_INTEGER && Math.abs(n) > 1e-130));
}

/**
 * The first way `value` (a form group or parsed JSON) breaks `limits`, as a field error; undefined when it fits.
 * Walks at most maxDepth levels and stops at the first problem, so a hostile value costs one pass at most.
 * Field names follow the protocol: `custom_data[a][b]` (form) or `custom_data.a.b` (JSON).
 */
export function freeFormError(field: string, value: unknown, limits: FreeFormLimits, style: 'form' | 'json'): FieldError | undefined {
  let bytes = 0;
  let entries = 0;
  const name = (path: string[]) => field + path.map((k) => (style === 'form' ? `[${k}]` : `.${k}`)).join('');

  const walk = (node: unknown, path: string[]): FieldError | undefined => {
    if (node === null || typeof node === 'boolean') {
      bytes += 8;
    } else if (typeof node === 'number') {
      if (!storableNumber(node)) return { field: name(path), message: MESSAGES.invalid };
      bytes += 8;
    } else if (typeof node === 'string') {
      if (node.length > limits.maxValueLength) return { field: name(path), message: MESSAGES.tooLong(limits.maxValueLength) };
      bytes += Buffer.byteLength(node, 'utf8');
    } else if (typeof node === 'object') {
      if (path.length >= limits.maxDepth) return { field: name(path), message: LIMIT_MESSAGES.tooDeep(limits.maxDepth) };
      for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
        if (++entries > limits.maxEntries) return { field, message: LIMIT_MESSAGES.tooManyEntries(limits.maxEntries) };
        if (key === '') return { field: name(path), message: LIMIT_MESSAGES.keyBlank };
        if (key.length > limits.maxKeyLength) return { field: name(path), message: LIMIT_MESSAGES.keyTooLong(limits.maxKeyLength) };
        bytes += Buffer.byteLength(key, 'utf8');
        const err = walk(child, [...path, key]);
        if (err) return err;
      }
    } else {
      return { field: name(path), message: MESSAGES.invalid };
    }
    return bytes > limits.maxBytes ? { field, message: LIMIT_MESSAGES.tooLarge(limits.maxBytes) } : undefined;
  };
  // The field itself is level 0: only what it contains counts against maxDepth.
  return walk(value, []);
}

/** Errors of every capped free-form field present in `body` (top level only, where the protocols put them). */
export function freeFormErrors(body: Record<string, unknown>, style: 'form' | 'json'): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, limits] of Object.entries(FREE_FORM_LIMITS)) {
    if (!Object.prototype.hasOwnProperty.call(body, field)) continue;
    const err = freeFormError(field, body[field], limits, style);
    if (err) errors.push(err);
  }
  return errors;
}
