import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCurrency, formatAmount, money, parseAmount, parseCurrency, type Currency } from '../../../shared/domain/money.js';
import { ValidationError } from '../../../shared/domain/errors.js';

const cur = (code: string): Currency => {
  const c = findCurrency(code);
  if (!c) throw new Error(`missing ${code}`);
  return c;
};

function fieldError(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).message;
  }
  throw new Error('expected a ValidationError');
}

describe('currencies', () => {
  it('knows exponents and wire decimals', () => {
    expect(findCurrency('USD')).toEqual({ code: 'USD', exponent: 2, wireDecimals: 2 });
    expect(findCurrency('ISK')).toEqual({ code: 'ISK', exponent: 0, wireDecimals: 0 });
    expect(findCurrency('JPY')).toEqual({ code: 'JPY', exponent: 0, wireDecimals: 2 });
    for (const code of ['UGX', 'KRW', 'CLP']) expect(findCurrency(code)?.wireDecimals).toBe(2);
    for (const code of ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']) expect(findCurrency(code)?.exponent).toBe(3);
    expect(findCurrency('CLF')?.exponent).toBe(4);
    expect(findCurrency('UYW')?.exponent).toBe(4);
    expect(findCurrency('usd')).toBeUndefined();
    expect(findCurrency('XAU')).toBeUndefined();
  });

  it('parseCurrency reports blank and unknown codes on the field', () => {
    expect(parseCurrency('EUR').code).toBe('EUR');
    expect(fieldError(() => parseCurrency(undefined))).toBe('order_currency: This value should not be blank.');
    expect(fieldError(() => parseCurrency(''))).toBe('order_currency: This value should not be blank.');
    expect(fieldError(() => parseCurrency('ABC', 'currency'))).toBe('currency: This value is not a valid currency.');
  });
});

describe('parseAmount / formatAmount examples', () => {
  const ok: Array<[string, string, number]> = [
    ['0.19', 'USD', 19],
    ['10.00', 'EUR', 1000],
    ['0.00', 'USD', 0],
    ['1000', 'ISK', 1000],
    ['0', 'VND', 0],
    ['1000.00', 'JPY', 1000],
    ['5.00', 'UGX', 5],
    ['1.234', 'KWD', 1234],
    ['0.001', 'BHD', 1],
    ['1.0001', 'CLF', 10001],
    ['90071992547409.91', 'USD', Number.MAX_SAFE_INTEGER],
  ];
  it.each(ok)('%s %s ↔ %i minor units', (wire, code, minor) => {
    expect(parseAmount(wire, cur(code))).toEqual({ minor, currency: code });
    expect(formatAmount({ minor, currency: code })).toBe(wire);
  });

  const bad: Array<[string, string]> = [
    ['1.9', 'USD'],
    ['1', 'USD'],
    ['1.999', 'USD'],
    ['00.10', 'USD'],
    ['01.00', 'USD'],
    ['-1.00', 'USD'],
    ['+1.00', 'USD'],
    [' 1.00', 'USD'],
    ['1.00 ', 'USD'],
    ['1e2', 'USD'],
    ['.50', 'USD'],
    ['1,00', 'USD'],
    ['1000.00', 'ISK'],
    ['1000', 'JPY'],
    ['1000.50', 'JPY'],
    ['1.23', 'KWD'],
    ['1.000', 'CLF'],
    ['90071992547409.92', 'USD'],
    ['123456789012345678901', 'ISK'],
  ];
  it.each(bad)('rejects %j for %s', (wire, code) => {
    expect(fieldError(() => parseAmount(wire, cur(code)))).toBe('order_amount: This value is not valid.');
  });

  it('reports blank amounts on the given field', () => {
    expect(fieldError(() => parseAmount(undefined, cur('USD')))).toBe('order_amount: This value should not be blank.');
    expect(fieldError(() => parseAmount('', cur('USD'), 'amount'))).toBe('amount: This value should not be blank.');
  });

  it('money() guards its invariants', () => {
    expect(money(5, 'USD')).toEqual({ minor: 5, currency: 'USD' });
    expect(() => money(-1, 'USD')).toThrow(RangeError);
    expect(() => money(1.5, 'USD')).toThrow(RangeError);
    expect(() => money(Number.MAX_SAFE_INTEGER + 1, 'USD')).toThrow(RangeError);
    expect(() => money(1, 'XXX')).toThrow(RangeError);
  });
});

describe('properties', () => {
  const codes = ['USD', 'EUR', 'ISK', 'VND', 'JPY', 'UGX', 'KRW', 'CLP', 'KWD', 'TND', 'CLF', 'UYW'];
  const currency = fc.constantFrom(...codes).map(cur);
  const digit = fc.constantFrom(...'0123456789');
  const integerPart = fc.oneof(
    fc.constant('0'),
    fc.tuple(fc.constantFrom(...'123456789'), fc.string({ unit: digit, maxLength: 8 })).map(([a, b]) => a + b),
  );

  // Valid wire strings by construction: integer part, then the currency's fixed decimals ("00" for zero-exponent ones).
  const wire = currency.chain((c) =>
    fc
      .tuple(
        integerPart,
        c.exponent === 0
          ? fc.constant('0'.repeat(c.wireDecimals))
          : fc.string({ unit: digit, minLength: c.wireDecimals, maxLength: c.wireDecimals }),
      )
      .map(([i, f]) => ({ c, s: f === '' ? i : `${i}.${f}` })),
  );

  it('formatAmount(parseAmount(s)) === s for valid strings', () => {
    fc.assert(fc.property(wire, ({ c, s }) => formatAmount(parseAmount(s, c)) === s));
  });

  it('parseAmount(formatAmount(m)) round-trips any safe minor amount', () => {
    fc.assert(
      fc.property(currency, fc.maxSafeNat(), (c, minor) => {
        expect(parseAmount(formatAmount(money(minor, c.code)), c)).toEqual({ minor, currency: c.code });
      }),
    );
  });

  it('never throws anything but ValidationError on arbitrary strings', () => {
    fc.assert(
      fc.property(currency, fc.string({ unit: fc.constantFrom(...'0123456789.-+ e') }), (c, s) => {
        try {
          const m = parseAmount(s, c);
          expect(Number.isSafeInteger(m.minor) && m.minor >= 0).toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(ValidationError);
        }
      }),
    );
  });
});
