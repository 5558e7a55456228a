/**
 * shared/lib/config.ts reads the environment with env-fields.ts instead of zod: each helper gives the value and the
 * message that the zod rule it replaces gives, for the same raw variable.
 */
import { describe, expect, it } from 'vitest';
import * as z from '../../../shared/lib/zod-mini.js';
import {
  email,
  type Field,
  FieldError,
  int,
  matching,
  num,
  oneOf,
  optional,
  readFields,
  text,
  piped,
  url,
  withDefault,
} from '../../../shared/lib/env-fields.js';

const zText = () => z.string().check(z.minLength(1));
const zInt = (min: number, max?: number) => z.coerce.number().check(z.int(), z.gte(min), ...(max === undefined ? [] : [z.lte(max)]));
const zNum = (min: number, max: number) => z.coerce.number().check(z.gte(min), z.lte(max));

function outcome<T>(field: Field<T>, raw: string | undefined): { value?: T; message?: string } {
  try {
    return { value: field(raw) };
  } catch (err) {
    if (err instanceof FieldError) return { message: err.message };
    throw err;
  }
}

function zodOutcome(schema: z.ZodMiniType, raw: string | undefined): { value?: unknown; message?: string } {
  const r = schema.safeParse(raw);
  return r.success ? { value: r.data } : { message: r.error.issues[0]!.message };
}

const RAWS = [
  undefined,
  '',
  ' ',
  '0',
  '1',
  '-1',
  '2.5',
  '30',
  '3600',
  '3601',
  'abc',
  'NaN',
  'Infinity',
  '1e3',
  ' 42 ',
  'true',
  'false',
  'TRUE',
  'https://example.com/x',
  ' http://localhost:3000 ',
  'not a url',
  'mailto:x',
  'a@b.co',
  'a..b@c.com',
  '5,30',
  '5,,30',
  'DEBUG',
];

const PAIRS: [string, Field<unknown>, z.ZodMiniType][] = [
  ['text', text(), zText()],
  ['int(0, 3600)', int(0, 3600), zInt(0, 3600)],
  ['int(1)', int(1), zInt(1)],
  ['num(0, 1)', num(0, 1), zNum(0, 1)],
  ['num(0.0001, 3650)', num(0.0001, 3650), zNum(0.0001, 3650)],
  ['oneOf', oneOf(['DEBUG', 'INFO']), z.enum(['DEBUG', 'INFO'])],
  ['url', url(), z.url()],
  ['email', email(), z.email()],
  ['matching', matching(/^\d+(,\d+)*$/), z.string().check(z.regex(/^\d+(,\d+)*$/))],
  ['optional(url)', optional(url()), z.optional(z.url())],
  ['withDefault(int)', withDefault(int(1, 10), 5), z._default(zInt(1, 10), 5)],
  [
    'flag',
    piped(withDefault(oneOf(['true', 'false']), 'false'), (v) => v === 'true'),
    z.pipe(
      z._default(z.enum(['true', 'false']), 'false'),
      z.transform((v) => v === 'true'),
    ),
  ],
];

describe('env fields', () => {
  // By name: vitest would print the schemas themselves.
  it.each(PAIRS.map(([name]) => name))('%s reads as zod did', (name) => {
    const [, field, schema] = PAIRS.find(([n]) => n === name)!;
    for (const raw of RAWS) expect(outcome(field, raw), JSON.stringify(raw)).toEqual(zodOutcome(schema, raw));
  });

  it('reads every field and lists every problem, as the configuration error says them', () => {
    const fields = { A: text(), B: withDefault(int(1, 5), 3), C: optional(url()), D: int(0) };
    expect(readFields(fields, { A: 'x', D: '2' })).toEqual({ ok: true, value: { A: 'x', B: 3, D: 2 } });
    expect(readFields(fields, { A: '', B: '9', C: 'nope' })).toEqual({
      ok: false,
      problems:
        'A: Too small: expected string to have >=1 characters; B: Too big: expected number to be <=5; C: Invalid URL; D: Invalid input: expected number, received NaN',
    });
  });
});
