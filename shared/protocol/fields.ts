/**
 * Reads and validates form/JSON fields, collecting every problem as "<field>: <message>" (Symfony-style texts,
 * as the protocol's own errors read) so the merchant sees all of them at once.
 */
import { isIP } from 'node:net';
import { ValidationError, type FieldError } from '../domain/errors.js';
import type { FormObject, FormValue } from './form.js';

export interface FieldRule {
  max?: number;
  min?: number;
  pattern?: RegExp;
  /** Message for a pattern mismatch. */
  patternMessage?: string;
  oneOf?: readonly string[];
}

export const MESSAGES = {
  blank: 'This value should not be blank.',
  invalid: 'This value is not valid.',
  tooLong: (n: number) => `This value is too long. It should have ${n} character${n === 1 ? '' : 's'} or less.`,
  tooShort: (n: number) => `This value is too short. It should have ${n} character${n === 1 ? '' : 's'} or more.`,
  choice: 'The value you selected is not a valid choice.',
  email: 'This value is not a valid email address.',
  ip: 'This is not a valid IP address.',
  url: 'This value is not a valid URL.',
  positive: 'This value should be greater than 0.',
} as const;

export class FieldReader {
  readonly errors: FieldError[] = [];

  constructor(private readonly form: FormObject) {}

  raw(name: string): FormValue | undefined {
    return this.form[name];
  }

  /** A string field; objects or arrays where a string belongs count as invalid. */
  optional(name: string, rule: FieldRule = {}): string | undefined {
    const value = this.form[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') {
      this.fail(name, MESSAGES.invalid);
      return undefined;
    }
    return this.check(name, value, rule) ? value : undefined;
  }

  required(name: string, rule: FieldRule = {}): string {
    const value = this.form[name];
    if (value === undefined || value === '' || (typeof value === 'string' && value.trim() === '')) {
      this.fail(name, MESSAGES.blank);
      return '';
    }
    return this.optional(name, rule) ?? '';
  }

  /** Y/N flags: exactly "Y" is yes; anything else (or nothing) is no, as the protocol says for auth. */
  flag(name: string): boolean {
    return this.form[name] === 'Y';
  }

  object(name: string): Record<string, FormValue> | undefined {
    const value = this.form[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.fail(name, MESSAGES.invalid);
      return undefined;
    }
    return value;
  }

  /** headline: the spec shows this text as the answer's error_message (FieldError.headline). */
  fail(field: string, message: string, opts: { headline?: boolean } = {}): void {
    this.errors.push({ field, message, ...(opts.headline ? { headline: true } : {}) });
  }

  throwIfInvalid(): void {
    if (this.errors.length) throw new ValidationError(this.errors);
  }

  private check(name: string, value: string, rule: FieldRule): boolean {
    // Length first, and nothing after it on failure: a pattern never runs on an oversized value.
    const max = rule.max ?? (rule.pattern ? PATTERN_INPUT_MAX : undefined);
    if (max !== undefined && value.length > max) return (this.fail(name, MESSAGES.tooLong(max)), false);
    if (rule.min !== undefined && value.length < rule.min) return (this.fail(name, MESSAGES.tooShort(rule.min)), false);
    if (rule.oneOf && !rule.oneOf.includes(value)) return (this.fail(name, MESSAGES.choice), false);
    if (rule.pattern && !rule.pattern.test(value)) return (this.fail(name, rule.patternMessage ?? MESSAGES.invalid), false);
    return true;
  }
}

/**
 * Longest value a pattern is run on when its field names no shorter limit (docs/limits.md). Checked first, so a
 * pattern never sees an oversized value.
 */
export const PATTERN_INPUT_MAX = 1024;

export const PATTERNS = {
  /**
   * Same language as /^[^\s@]+@[^\s@]+\.[^\s@]+$/, which backtracks quadratically over the dots of a long domain.
   * Here the domain's first dot after its first character is the one matched, and each repeated part is followed
   * by a character it cannot match, so no two parts trade characters: matching or failing is linear in the length.
   * Callers still check the length first.
   */
  email: /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/,
  ipv4: /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/,
  country: /^[A-Z]{2}$/,
  month: /^(0[1-9]|1[0-2])$/,
  year: /^\d{4}$/,
  cvv: /^\d{3,4}$/,
  cardNumber: /^\d{12,19}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

export function isIp(value: string): boolean {
  return isIP(value) !== 0;
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Luhn check: a number that fails it is rejected before it reaches a connector. */
export function luhnValid(pan: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = pan.length - 1; i >= 0; i--) {
    let d = pan.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(pan: string): string {
  if (/^4/.test(pan)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(pan)) return 'mastercard';
  if (/^3[47]/.test(pan)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(pan)) return 'discover';
  if (/^35/.test(pan)) return 'jcb';
  if (/^(62)/.test(pan)) return 'unionpay';
  return 'unknown';
}
