import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '@open-payments/protocol';

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Every own key at any depth (a key like '"__proto__' is not a prototype key: keys are compared whole). */
function ownKeys(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(Array.isArray(value) ? [] : [k]), ...ownKeys(v)]);
}

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
    // Only whole keys are prototype keys.
    expect(parseJson('{"\\"__proto__":0,"__proto__x":1}')).toEqual({ '"__proto__': 0, __proto__x: 1 });
  });

  it('equals JSON.parse on any JSON without prototype keys; never returns one with them', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        if (!ownKeys(JSON.parse(text)).some((k) => PROTOTYPE_KEYS.includes(k))) expect(parseJson(text)).toEqual(JSON.parse(text));
        expect(ownKeys(parseJson(text)).filter((k) => PROTOTYPE_KEYS.includes(k))).toEqual([]);
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
