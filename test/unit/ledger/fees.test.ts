/** Fee schedules: every problem of a file named, the first matching rule wins, half-up rounding per currency exponent. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FeeScheduleError, feeFor, feeScheduleFile, parseFeeSchedule, percentOf } from '../../../shared/domain/ledger/fees.js';

const problems = (input: unknown) => {
  try {
    parseFeeSchedule(input);
    return [];
  } catch (err) {
    return (err as FeeScheduleError).problems;
  }
};

describe('fee schedule files', () => {
  it('reads fixed amounts in the currency format: USD cents, JPY yen, KWD fils', () => {
    const s = parseFeeSchedule({
      rules: [
        { action: 'capture', method: 'visa', currency: 'USD', percent: '2.9', fixed: '0.30' },
        { currency: 'JPY', fixed: '30' },
        { action: 'refund', currency: 'KWD', fixed: '0.125' },
      ],
    });
    expect(s.rules.map((r) => r.fixedMinor)).toEqual([30, 30, 125]);
  });

  it('gives a stored schedule back as the file it was read from (the console edits that)', () => {
    const file = {
      rules: [
        { action: 'capture' as const, method: 'visa', currency: 'USD', percent: '2.9', fixed: '0.30' },
        { currency: 'JPY', fixed: '30' },
        { action: 'refund' as const, currency: 'KWD', fixed: '0.005' },
        { action: 'chargeback' as const, currency: 'USD', fixed: '15.00' },
        { method: 'paypal', percent: '3.4' },
      ],
      reserve: { percent: '10', days: 90 },
    };
    expect(feeScheduleFile({ ...parseFeeSchedule(file), updatedAt: '2026-12-07T10:00:00.000Z' })).toEqual(file);
    expect(parseFeeSchedule(feeScheduleFile(parseFeeSchedule(file)))).toEqual(parseFeeSchedule(file));
  });

  it('names every problem, each with its rule and field', () => {
    expect(
      problems({
        rules: [
          { action: 'sale', percent: '2,9' },
          { fixed: '0.30' },
          { currency: 'usd', method: 'Visa', percent: '101' },
          { currency: 'JPY', fixed: '0.50', extra: 1 },
          {},
        ],
        other: true,
      }),
    ).toEqual([
      'The file: unknown key "other" (only "rules" and "reserve").',
      'Rule 1.action: must be one of capture, refund, void, payout, chargeback.',
      'Rule 1.percent: must be a decimal string from "0" to "100" with at most 4 decimals (e.g. "2.9").',
      'Rule 2.fixed: a fixed amount needs the rule\'s "currency" (its decimals depend on it).',
      'Rule 3.method: must be a card or APM brand in lower case (e.g. "visa").',
      'Rule 3.currency: must be an ISO 4217 code in upper case (e.g. "USD").',
      'Rule 3.percent: must be a decimal string from "0" to "100" with at most 4 decimals (e.g. "2.9").',
      'Rule 4: unknown key "extra" (one of action, method, currency, percent, fixed).',
      'Rule 4.fixed: must be an amount in JPY\'s format with at most 0 decimals (e.g. "30").',
      'Rule 5: needs a "percent", a "fixed" amount or both.',
    ]);
    expect(problems([])).toEqual(['The file must hold a JSON object with a "rules" list.']);
  });
});

describe('fees', () => {
  const merchant = parseFeeSchedule({
    rules: [
      { action: 'capture', method: 'visa', percent: '2.9', currency: 'USD', fixed: '0.30' },
      { action: 'chargeback', currency: 'USD', fixed: '15.00' },
    ],
  });
  const platform = parseFeeSchedule({
    rules: [
      { action: 'capture', percent: '3.5' },
      { action: 'refund', currency: 'USD', fixed: '0.10' },
    ],
  });

  it("takes the merchant's first matching rule, else the default's, else none", () => {
    expect(feeFor([merchant, platform], { kind: 'capture', amount: 1000, currency: 'USD', method: 'visa' })).toBe(29 + 30);
    expect(feeFor([merchant, platform], { kind: 'capture', amount: 1000, currency: 'USD', method: 'mastercard' })).toBe(35);
    expect(feeFor([merchant, platform], { kind: 'chargeback', amount: 1000, currency: 'USD' })).toBe(1500);
    expect(feeFor([merchant, platform], { kind: 'refund', amount: 1000, currency: 'USD' })).toBe(10);
    expect(feeFor([merchant, platform], { kind: 'payout', amount: 1000, currency: 'USD' })).toBe(0);
    expect(feeFor([undefined, undefined], { kind: 'capture', amount: 1000, currency: 'USD' })).toBe(0);
  });

  it('rounds half up to the minor unit: JPY to the yen, KWD to the fils', () => {
    expect(percentOf(150, '1')).toBe(2); // 1.5 yen → 2
    expect(percentOf(149, '1')).toBe(1);
    expect(percentOf(12345, '2.5')).toBe(309); // 308.625 fils → 309
    expect(percentOf(10, '2.5')).toBe(0); // 0.25 → 0
    expect(percentOf(20, '2.5')).toBe(1); // 0.5 → 1
  });

  it('is exact for any amount: no float ever rounds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 1_000_000 }), (amount, ppm) => {
        const percent = `${Math.floor(ppm / 10_000)}.${String(ppm % 10_000).padStart(4, '0')}`;
        const exact = BigInt(amount) * BigInt(ppm);
        const fee = BigInt(percentOf(amount, percent));
        // fee is the nearest integer to exact / 1e6, ties up.
        expect(fee * 1_000_000n * 2n >= exact * 2n - 1_000_000n && fee * 1_000_000n * 2n < exact * 2n + 1_000_000n).toBe(true);
      }),
    );
  });
});
