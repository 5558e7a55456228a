import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeForm, type FormValue, getString, MAX_DEPTH, MAX_KEYS, parseForm } from '../../../shared/protocol/form.js';

// parseForm returns null-prototype objects; compare through JSON to check shape only.
const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('parseForm', () => {
  it('parses flat fields, + as space and percent escapes', () => {
    const form = parseForm('action=SALE&order_description=Two+words%21&payer_email=doe%40example.com&empty=&flag');
    expect(plain(form)).toEqual({
      action: 'SALE',
      order_description: 'Two words!',
      payer_email: 'doe@example.com',
      empty: '',
      flag: '',
    });
  });

  it('builds PHP bracket structures', () => {
    const body = [
      'parameters[name]=x',
      'parameters[list][0][key]=a',
      'parameters[list][1][key]=b',
      'parameters[cart][items][0][name]=Shoe',
      'custom_data%5Bk%5D=v',
      'tags[]=one',
      'tags[]=two',
    ].join('&');
    expect(plain(parseForm(body))).toEqual({
      parameters: { name: 'x', list: [{ key: 'a' }, { key: 'b' }], cart: { items: [{ name: 'Shoe' }] } },
      custom_data: { k: 'v' },
      tags: ['one', 'two'],
    });
  });

  it('keeps non-contiguous numeric groups as objects', () => {
    expect(plain(parseForm('a[1]=x&a[2]=y'))).toEqual({ a: { '1': 'x', '2': 'y' } });
    expect(plain(parseForm('a[1]=x&a[0]=y'))).toEqual({ a: ['y', 'x'] });
    expect(plain(parseForm('a[00]=x'))).toEqual({ a: { '00': 'x' } });
  });

  it('last value wins for repeated keys', () => {
    expect(plain(parseForm('a=1&a=2'))).toEqual({ a: '2' });
    expect(plain(parseForm('a=1&a[b]=2'))).toEqual({ a: { b: '2' } });
    expect(plain(parseForm('a[b]=2&a=1'))).toEqual({ a: '1' });
  });

  it('keeps malformed percent-encoding as raw text', () => {
    expect(parseForm('a=%ZZ%41&b=100%&c=%E9')).toMatchObject({ a: '%ZZA', b: '100%', c: '%E9' });
  });

  it('drops prototype-polluting keys', () => {
    const form = parseForm('__proto__[polluted]=1&a[constructor][prototype][x]=1&prototype=1&ok=1');
    expect(plain(form)).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(form)).toBeNull();
    expect(getString(form, 'toString')).toBeUndefined();
  });

  it('limits nesting depth', () => {
    const ok = `a${'[x]'.repeat(MAX_DEPTH)}=1`;
    const tooDeep = `b${'[x]'.repeat(MAX_DEPTH + 1)}=1`;
    const form = plain(parseForm(`${ok}&${tooDeep}`)) as Record<string, unknown>;
    expect(Object.keys(form)).toEqual(['a']);
  });

  it('ignores pairs beyond the key limit', () => {
    const body = Array.from({ length: MAX_KEYS + 50 }, (_, i) => `k${i}=v`).join('&');
    const form = parseForm(body);
    expect(Object.keys(form)).toHaveLength(MAX_KEYS);
    expect(getString(form, `k${MAX_KEYS}`)).toBeUndefined();
  });

  it('treats odd keys like PHP: empty names dropped, text after "]" ignored', () => {
    expect(plain(parseForm('=x&[a]=y&a[b]c=1&d[e=2'))).toEqual({ a: { b: '1' }, 'd[e': '2' });
  });

  it('never throws on arbitrary input', () => {
    const noisy = fc.string({ unit: fc.constantFrom('%', '[', ']', '&', '=', '+', 'a', '0', 'E', '9', '_') });
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), noisy), (body) => {
        const form = parseForm(body);
        expect(typeof form).toBe('object');
      }),
    );
  });
});

describe('encodeForm', () => {
  it('encodes flat and nested values like http_build_query, omitting empty ones', () => {
    const body = encodeForm({
      action: 'SALE',
      descriptor: 'a b&c=d',
      empty: '',
      missing: undefined,
      none: null,
      custom_data: { key: 'value', blank: '' },
      list: ['x', 'y'],
    });
    expect(body).toBe('action=SALE&descriptor=a+b%26c%3Dd&custom_data%5Bkey%5D=value&list%5B0%5D=x&list%5B1%5D=y');
  });

  it('percent-encodes UTF-8 bytes', () => {
    expect(encodeForm({ name: 'Zoë ~' })).toBe('name=Zo%C3%AB+%7E');
  });
});

describe('getString', () => {
  it('returns only string values', () => {
    const form = parseForm('a=1&b[c]=2');
    expect(getString(form, 'a')).toBe('1');
    expect(getString(form, 'b')).toBeUndefined();
    expect(getString(form, 'z')).toBeUndefined();
  });
});

describe('round trip', () => {
  const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
  // Safe keys: non-empty, no brackets, not forbidden, not a canonical array index.
  const key = fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 8 })
    .filter((k) => !/[[\]]/.test(k) && !FORBIDDEN.has(k) && !/^(0|[1-9][0-9]*)$/.test(k));
  const leaf = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });

  const valueAt = (depth: number): fc.Arbitrary<FormValue> =>
    depth === 0
      ? leaf
      : fc.oneof(
          leaf,
          fc.array(valueAt(depth - 1), { minLength: 1, maxLength: 3 }),
          fc.dictionary(key, valueAt(depth - 1), { minKeys: 1, maxKeys: 3 }),
        );

  it('parseForm(encodeForm(x)) gives x back', () => {
    fc.assert(
      fc.property(fc.dictionary(key, valueAt(MAX_DEPTH), { maxKeys: 5 }), (obj) => {
        expect(plain(parseForm(encodeForm(obj)))).toEqual(plain(obj));
      }),
    );
  });
});
