/**
 * ReDoS: every pattern check runs after a length check that stops validation of its field, and the one pattern that
 * backtracked super-linearly (email) is rewritten. Nothing here measures time: spies prove which values a pattern
 * ever sees, and fast-check proves the rewritten email pattern accepts exactly what the old one did.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FieldReader, PATTERNS, PATTERN_INPUT_MAX } from '../../../shared/protocol/fields.js';
import { readSessionRequest } from '../../../shared/protocol/checkout/session-request.js';
import { readPaymentRequest } from '../../../shared/protocol/hosted-fields/payment-request.js';
import { readTokenRequest } from '../../../shared/protocol/hosted-fields/token-request.js';
import { readPayer } from '../../../shared/protocol/s2s-card/payer.js';
import { parseAmount, parseCurrency } from '../../../shared/domain/money.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import type { Merchant } from '../../../shared/domain/merchant.js';

const OLD_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The incident's shape: a domain of many dots that never ends validly. */
const ADVERSARIAL_EMAIL = `a@${'a.'.repeat(40_000)}@`; // 80 KB

afterEach(() => vi.restoreAllMocks());

/**
 * Records the length of every string a pattern is run on while `fn` runs. A lone character class (zod counts
 * surrogates with one when it words a length error) matches one character at a time: linear, so not counted.
 */
const LONE_CLASS = /^\[[^\]]*\]$/;
function patternInputs(fn: () => void): number[] {
  const lengths: number[] = [];
  const test = RegExp.prototype.test;
  const exec = RegExp.prototype.exec;
  // test() calls exec() itself once exec is replaced: count each run once, and never recurse into our own check.
  let inside = false;
  const record = (re: RegExp, s: string) => {
    if (inside) return;
    inside = true;
    if (!exec.call(LONE_CLASS, re.source)) lengths.push(String(s).length);
    inside = false;
  };
  vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, s: string) {
    record(this, s);
    inside = true;
    try {
      return test.call(this, s);
    } finally {
      inside = false;
    }
  });
  vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (this: RegExp, s: string) {
    record(this, s);
    return exec.call(this, s);
  });
  try {
    fn();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
  } finally {
    vi.restoreAllMocks();
  }
  return lengths;
}

function fieldErrors(fn: () => unknown): string[] {
  try {
    fn();
    return [];
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return err.fieldErrors.map((e) => `${e.field}: ${e.message}`);
  }
}

const merchant = { requiredPayerFields: [] } as unknown as Merchant;
const needs = { names: false, email: true, phone: false, ip: false };

describe('an 80 KB adversarial email is refused by its length check; the pattern never runs', () => {
  it('Checkout session customer.email', () => {
    const spy = vi.spyOn(PATTERNS.email, 'test');
    const errors = fieldErrors(() => readSessionRequest(JSON.stringify({ customer: { email: ADVERSARIAL_EMAIL } })));
    expect(errors).toContain('customer.email: This value is too long. It should have 256 characters or less.');
    expect(errors.filter((e) => e.startsWith('customer.email'))).toHaveLength(1);
    expect(spy).not.toHaveBeenCalled();
  });

  it('hosted fields session token customer.email and payment email', () => {
    const spy = vi.spyOn(PATTERNS.email, 'test');
    expect(fieldErrors(() => readTokenRequest(JSON.stringify({ customer: { email: ADVERSARIAL_EMAIL } })))).toContain(
      'customer.email: This value is too long. It should have 256 characters or less.',
    );
    expect(
      fieldErrors(() => readPaymentRequest(JSON.stringify({ name: 'J', with_hosted_fields: true, email: ADVERSARIAL_EMAIL }))),
    ).toEqual(['email: This value is too long. It should have 256 characters or less.']);
    expect(spy).not.toHaveBeenCalled();
  });

  it('S2S payer_email', () => {
    const spy = vi.spyOn(PATTERNS.email, 'test');
    const f = new FieldReader({ payer_email: ADVERSARIAL_EMAIL });
    readPayer(f, merchant, needs);
    expect(f.errors.map((e) => `${e.field}: ${e.message}`)).toEqual([
      'payer_email: This value is too long. It should have 256 characters or less.',
    ]);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('no pattern ever sees a value longer than its cap', () => {
  const longText = fc.string({
    unit: fc.constantFrom('a', '.', '@', ' ', '-', '1', 'A', 'é'),
    minLength: PATTERN_INPUT_MAX + 1,
    maxLength: 20_000,
  });

  it('the spy sees pattern runs (control)', () => {
    expect(patternInputs(() => new FieldReader({ x: 'abc' }).optional('x', { pattern: PATTERNS.uuid }))).toEqual([3]);
    expect(
      patternInputs(() => readPaymentRequest(JSON.stringify({ name: 'J', with_hosted_fields: true, email: 'doe@example.com' }))),
    ).toContain(15);
  });

  it('property: Checkout session, hosted-fields payment, S2S payer and amounts', () => {
    fc.assert(
      fc.property(longText, (s) => {
        const seen = [
          ...patternInputs(() =>
            readSessionRequest(
              JSON.stringify({
                order: { number: s, amount: s, currency: 'USD', description: 'd' },
                customer: { name: s, email: s, birth_date: s },
                billing_address: { country: s, phone_country_code: s, state: s, language: s },
              }),
            ),
          ),
          ...patternInputs(() =>
            readPaymentRequest(
              JSON.stringify({
                name: s,
                with_hosted_fields: true,
                email: s,
                birth_date: s,
                selected_language: s,
                billing_address: { country: s, phone_country_code: s },
              }),
            ),
          ),
          ...patternInputs(() =>
            readPayer(
              new FieldReader({ payer_email: s, payer_birth_date: s, payer_country: s, payer_phone_country_code: s, payer_ip: s }),
              merchant,
              needs,
            ),
          ),
          ...patternInputs(() => parseAmount(s, parseCurrency('USD'))),
          ...patternInputs(() => new FieldReader({ x: s }).optional('x', { pattern: PATTERNS.uuid })),
        ];
        expect(Math.max(0, ...seen)).toBeLessThanOrEqual(PATTERN_INPUT_MAX);
      }),
      { numRuns: 25 },
    );
  });
});

describe('the rewritten email pattern', () => {
  it('property: accepts exactly what the old pattern accepted', () => {
    const unit = fc.constantFrom('a', 'b', '.', '@', ' ', '\t', '-', 'é', '1');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 24 }), (s) => {
        expect(PATTERNS.email.test(s)).toBe(OLD_EMAIL.test(s));
      }),
      { numRuns: 5000 },
    );
    for (const ok of ['doe@example.com', 'a@b.c', 'a@.b.c', 'a.b@c..d', 'x@y.z.'])
      expect(PATTERNS.email.test(ok), ok).toBe(OLD_EMAIL.test(ok));
    for (const bad of ['a@b', 'a@.b', '@b.c', 'a b@c.d', 'a@b@c.d', 'a@b.']) expect(PATTERNS.email.test(bad), bad).toBe(false);
  });

  it('is built so that no two repeated parts can trade characters (the structural reason it is linear)', () => {
    // local part [^\s@]+ stops at "@" it cannot match; the domain's middle [^\s@.]* stops at the "." it cannot match;
    // the tail [^\s@]+ is anchored at $. Pin the source so a "simplification" back to the old shape fails here.
    expect(PATTERNS.email.source).toBe('^[^\\s@]+@[^\\s@][^\\s@.]*\\.[^\\s@]+$');
    // And the incident's input, at its full 80 KB, is a plain mismatch for it.
    expect(PATTERNS.email.test(ADVERSARIAL_EMAIL)).toBe(false);
  });
});
