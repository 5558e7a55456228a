/**
 * Hostile values: what a field, a key or a whole JSON value can be replaced with. Each family targets a way parsers,
 * validators or stores break: type confusion, size, encodings, control characters, nesting depth.
 */
import fc from 'fast-check';
import type { FormValue } from '../../shared/protocol/form.js';

const controlChar = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));

/** Sizes that cross common limits (field maxima of 9…1024, DynamoDB's 400 KB item, Lambda's 6 MB stays out of reach). */
const hugeLength = fc.oneof(fc.integer({ min: 256, max: 2048 }), fc.integer({ min: 10_000, max: 120_000 }), fc.constant(420_000));

export const junkString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }), // any code point, lone surrogates included
  fc.string({ unit: controlChar, minLength: 1, maxLength: 10 }),
  fc.tuple(hugeLength, fc.constantFrom('A', '9', 'é', '😀', '\u0000', '%', '&', '[')).map(([n, c]) => c.repeat(Math.ceil(n / c.length))),
  // Numbers as strings, and strings that look like other types.
  fc.oneof(fc.integer().map(String), fc.double().map(String), fc.bigInt().map(String)),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '-0',
    '1e308',
    '1e-400',
    'NaN',
    'Infinity',
    '0x10',
    '10,00',
    '١٠',
    '00000000000000000010.00',
    '10.00.00',
    '.5',
  ),
  fc.constantFrom('null', 'true', 'false', '[]', '{}', 'undefined', '__proto__', 'constructor', 'toString', 'hasOwnProperty'),
  // Broken percent-encoding and separators that survive one decoding.
  fc.constantFrom('%', '%Z', '%ZZ', '%E0%A4%A', '%FF%FE', '%00', '%25%', '&&==', '[[]]', 'a[b]=c', '+%2B+'),
  // Injection-shaped text: must be treated as data everywhere (pages, logs, DynamoDB expressions).
  fc.constantFrom(
    "' OR '1'='1",
    '<script>alert(1)</script>',
    '"><img src=x onerror=1>',
    '${jndi:ldap://x}',
    '../../../../etc/passwd',
    ':pk',
    '#attr',
    'javascript:alert(1)',
    'http://169.254.169.254/latest/meta-data/',
  ),
);

/** Nested bracket structures for form fields: objects where strings are expected, and arrays. */
export const junkFormValue: fc.Arbitrary<FormValue> = fc.oneof(
  { weight: 6, arbitrary: junkString },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }), { minKeys: 1, maxKeys: 3 }),
  },
);

/** A value nested `depth` times, as object or array: recursion limits of parsers, validators and hash code. */
export function deeplyNested(depth: number, asArray: boolean): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
}

export const junkJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: junkString },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 5e-324)) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [''], { '': '' }, JSON.parse('{"__proto__":{"polluted":1}}')) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1, // Deeper than ~3000 our own JSON.stringify overflows; deeper raw text is in bodies.ts.
    arbitrary: fc.tuple(fc.constantFrom(20, 200, 2_000), fc.boolean()).map(([d, arr]) => deeplyNested(d, arr)),
  },
);

/** Key names: very long, odd characters, bracket syntax, prototype names. */
export const junkKey: fc.Arbitrary<string> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => 'k'.repeat(n)),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'hash[]', 'a[b][c][d][e][f][g]', '[]', ']', '%5B', 'order[number]', ''),
);

/** Many keys at once (beyond the form parser's 1000 and what a validator expects). */
export const manyKeys = fc
  .integer({ min: 100, max: 5_000 })
  .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v'])));
