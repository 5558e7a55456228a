/** Free-form caps (custom_data, parameters, payee ...): what fits is accepted, anything bigger gets one clear error. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FREE_FORM_LIMITS, freeFormError, freeFormErrors } from '../../../shared/protocol/limits.js';
import { parseForm } from '../../../shared/protocol/form.js';
import { parseJsonObject } from '../../../shared/protocol/checkout/json.js';
import { ValidationError } from '../../../shared/domain/errors.js';

const custom = FREE_FORM_LIMITS.custom_data;

describe('freeFormError', () => {
  it('accepts what fits, as form groups and as JSON', () => {
    expect(freeFormError('custom_data', { a: 'x', b: { c: ['1', '2'] } }, custom, 'form')).toBeUndefined();
    expect(freeFormError('custom_data', 'plain text', custom, 'form')).toBeUndefined();
    expect(freeFormError('custom_data', { n: 12.5, t: true, z: null, e: {} }, custom, 'json')).toBeUndefined();
    const cart = {
      cart: {
        items: Array.from({ length: 20 }, (_, i) => ({ name: `Item ${i}`, description: 'd'.repeat(500), recipient: { email: 'x@y.z' } })),
      },
    };
    expect(freeFormError('parameters', cart, FREE_FORM_LIMITS.parameters, 'form')).toBeUndefined();
  });

  it('refuses a total size over the cap', () => {
    const big = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'v'.repeat(1000)]));
    expect(freeFormError('custom_data', big, custom, 'json')).toEqual({
      field: 'custom_data',
      message: 'This value is too large. It should have 8192 bytes or less.',
    });
  });

  it('counts UTF-8 bytes, not characters', () => {
    const value = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`k${i}`, 'é€'.repeat(340)]));
    expect(freeFormError('custom_data', value, { ...custom, maxBytes: 4000 }, 'json')?.message).toBe(
      'This value is too large. It should have 4000 bytes or less.',
    );
  });

  it('refuses too many entries, too deep, long or blank keys, long values, unstorable numbers', () => {
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, '1']));
    expect(freeFormError('custom_data', many, custom, 'form')).toEqual({
      field: 'custom_data',
      message: 'This collection should contain 100 elements or less.',
    });
    expect(freeFormError('custom_data', { a: { b: { c: { d: '1' } } } }, custom, 'form')).toEqual({
      field: 'custom_data[a][b][c]',
      message: 'This value is nested too deeply. It should have 3 levels or less.',
    });
    expect(freeFormError('custom_data', { a: { b: { c: 'ok' } } }, custom, 'form')).toBeUndefined();
    expect(freeFormError('custom_data', { a: { ['k'.repeat(65)]: '1' } }, custom, 'json')).toEqual({
      field: 'custom_data.a',
      message: 'A key is too long. It should have 64 characters or less.',
    });
    expect(freeFormError('custom_data', { '': '1' }, custom, 'json')).toEqual({
      field: 'custom_data',
      message: 'A key should not be blank.',
    });
    expect(freeFormError('custom_data', { a: 'v'.repeat(1025) }, custom, 'form')).toEqual({
      field: 'custom_data[a]',
      message: 'This value is too long. It should have 1024 characters or less.',
    });
    for (const n of [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1.5, 1e-100])
      expect(freeFormError('parameters', { n }, FREE_FORM_LIMITS.parameters, 'json')).toBeUndefined();
    for (const n of [Infinity, 1e200, 1e-200, 2 ** 53, -(2 ** 53), 1e20])
      expect(freeFormError('parameters', { n }, FREE_FORM_LIMITS.parameters, 'json')).toEqual({
        field: 'parameters.n',
        message: 'This value is not valid.',
      });
  });

  it('stops at the depth limit however deep the value goes (no recursion on hostile nesting)', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(20000)}1${'}'.repeat(20000)}`);
    expect(freeFormError('custom_data', deep, custom, 'json')?.message).toBe(
      'This value is nested too deeply. It should have 3 levels or less.',
    );
  });

  it('property: an accepted value respects every cap', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const err = freeFormError('custom_data', value, custom, 'json');
        if (err) return;
        const text = JSON.stringify(value) ?? '';
        // Each entry adds at most a few bytes of JSON punctuation and each scalar at most 24: a hard bound.
        expect(Buffer.byteLength(text)).toBeLessThanOrEqual(custom.maxBytes * 6 + custom.maxEntries * 32 + 32);
      }),
      { numRuns: 300 },
    );
  });
});

describe('where the caps apply', () => {
  it('S2S forms: custom_data[...] and parameters[...] groups', () => {
    const form = parseForm(`action=SALE&custom_data[a]=${'x'.repeat(1025)}&parameters[p][q][r][s][t][u]=1`);
    expect(freeFormErrors(form, 'form')).toEqual([
      { field: 'custom_data[a]', message: 'This value is too long. It should have 1024 characters or less.' },
    ]);
    // The form parser itself drops keys deeper than its own limit (5), which matches the parameters cap.
    expect(freeFormErrors(parseForm('parameters[a][b][c][d][e]=1'), 'form')).toEqual([]);
  });

  it('every Checkout and hosted-fields JSON body: custom_data, parameters, payee, payee_billing_address, crypto', () => {
    const body = JSON.stringify({ custom_data: { a: 'x'.repeat(2000) }, payee: { x: { y: { z: 1 } } }, crypto: { network: 'TRX' } });
    let err: unknown;
    try {
      parseJsonObject(body);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fieldErrors).toEqual([
      { field: 'custom_data.a', message: 'This value is too long. It should have 1024 characters or less.' },
      { field: 'payee.x.y', message: 'This value is nested too deeply. It should have 2 levels or less.' },
    ]);
  });
});
