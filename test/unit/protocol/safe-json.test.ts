import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '@open-payments/protocol';

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

describe('parseJson', () => {
  it('drops prototype keys at every depth, in objects and inside arrays, and keeps the rest', () => {
    const v = parseJson('{"a":{"__proto__":{"p":1},"b":[{"constructor":{"prototype":{"p":1}},"c":2}]},"prototype":3}') as any;
    expect(v).toEqual({ a: { b: [{ c: 2 }] } });
    expect(Object.keys(v.a)).toEqual(['b']);
    expect(Object.getPrototypeOf(v.a)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).p).toBeUndefined();
  });

  it('throws on what JSON.parse throws on, and reads scalars as JSON.parse does', () => {
    expect(() => parseJson('{')).toThrow(SyntaxError);
    expect(parseJson('"x"')).toBe('x');
    expect(parseJson('null')).toBeNull();
  });

  it('equals JSON.parse on any JSON without prototype keys; never returns one with them', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        const hasPrototypeKey = PROTOTYPE_KEYS.some((k) => text.includes(`"${k}":`));
        if (!hasPrototypeKey) expect(parseJson(text)).toEqual(JSON.parse(text));
        expect(JSON.stringify(parseJson(text))).not.toMatch(/"(__proto__|constructor|prototype)":/);
      }),
    );
  });

  it('removes a prototype key that fast-check puts into generated objects', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS, 'a', 'b'), fc.jsonValue({ maxDepth: 2 })), (obj) => {
        const parsed = parseJson(JSON.stringify(obj)) as Record<string, unknown>;
        for (const k of PROTOTYPE_KEYS) expect(Object.hasOwn(parsed, k)).toBe(false);
      }),
    );
  });
});
