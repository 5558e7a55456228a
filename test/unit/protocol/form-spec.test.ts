/**
 * A declared field spec reads a form exactly as FieldReader read it field by field: the same problems, texts and
 * order (length first, the pattern's own text, a check only on a value that passed), and values typed by the spec.
 * fast-check compares the two over generated specs and forms.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldReader, MESSAGES, type FieldRule } from '../../../shared/protocol/fields.js';
import {
  flag,
  formSpec,
  object,
  optional,
  raw,
  readFields,
  readForm,
  required,
  type FieldSpec,
  type FormSpec,
} from '../../../shared/protocol/form-spec.js';
import type { FormObject, FormValue } from '../../../shared/protocol/form.js';

const NAMES = ['a', 'b', 'c', 'd', 'e'];

const ruleArb: fc.Arbitrary<FieldRule> = fc.record(
  {
    max: fc.integer({ min: 1, max: 6 }),
    min: fc.integer({ min: 1, max: 4 }),
    pattern: fc.constantFrom(/^\d+$/, /^[a-z]+$/),
    patternMessage: fc.constant('Pattern says no.'),
    oneOf: fc.constant(['1', '22', 'abc']),
  },
  { requiredKeys: [] },
);

const checkArb = fc.option(
  fc.constant((v: string) => (v.includes('2') ? 'No twos.' : undefined)),
  { nil: undefined },
);

const fieldArb: fc.Arbitrary<FieldSpec> = fc.oneof(
  fc.tuple(ruleArb, checkArb).map(([rule, check]) => required(rule, check ? { check } : {})),
  fc.tuple(ruleArb, checkArb).map(([rule, check]) => optional(rule, check ? { check } : {})),
  fc.constant(flag()),
  fc.constant(object()),
  fc.constant(raw()),
);

const specArb: fc.Arbitrary<Record<string, FieldSpec>> = fc
  .uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: NAMES.length })
  .chain((names) => fc.tuple(...names.map(() => fieldArb)).map((fields) => Object.fromEntries(names.map((n, i) => [n, fields[i]!]))));

const valueArb: fc.Arbitrary<FormValue> = fc.oneof(
  fc.constantFrom('', ' ', 'Y', 'N', '1', '22', 'abc', '12345678', 'a2b'),
  fc.string({ maxLength: 8 }),
  fc.constant<FormValue>({ k: 'v' }),
  fc.constant<FormValue>(['x']),
);
const formArb: fc.Arbitrary<FormObject> = fc.dictionary(fc.constantFrom(...NAMES), valueArb);

/** The same spec read the old way, one FieldReader call per field. */
function readByHand(form: FormObject, spec: FormSpec): { values: Record<string, unknown>; errors: unknown[] } {
  const f = new FieldReader(form);
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(spec)) {
    if (field.kind === 'flag') values[name] = f.flag(name);
    else if (field.kind === 'object') values[name] = f.object(name);
    else if (field.kind === 'raw') values[name] = f.raw(name);
    else {
      const value = field.kind === 'required' ? f.required(name, field.rule) : f.optional(name, field.rule);
      const problem = value ? field.check?.(value) : undefined;
      if (problem) f.fail(name, problem);
      values[name] = problem ? (field.kind === 'required' ? '' : undefined) : value;
    }
  }
  return { values, errors: f.errors };
}

describe('readForm', () => {
  it('finds the problems FieldReader finds, in its order, and the same values', () => {
    fc.assert(
      fc.property(specArb, formArb, (spec, form) => {
        expect(readForm(form, spec)).toEqual(readByHand(form, spec));
      }),
      { numRuns: 2000 },
    );
  });

  it('lists every problem with its text, length first, and types the values by the spec', () => {
    const spec = {
      trans_id: required({ max: 4 }),
      hash: required(),
      auth: flag(),
      ip: optional({ max: 64 }, { check: (v) => (v === 'x' ? MESSAGES.ip : undefined) }),
      code: optional({ max: 3, pattern: /^\d+$/ }),
      group: object(),
      custom: raw(),
    };
    const { values, errors } = readForm({ trans_id: 'abcdef', auth: 'Y', ip: 'x', code: 'abcd', group: 'flat', custom: { a: '1' } }, spec);
    expect(errors).toEqual([
      { field: 'trans_id', message: MESSAGES.tooLong(4) },
      { field: 'hash', message: MESSAGES.blank },
      { field: 'ip', message: MESSAGES.ip },
      { field: 'code', message: MESSAGES.tooLong(3) },
      { field: 'group', message: MESSAGES.invalid },
    ]);
    const typed: { trans_id: string; auth: boolean; ip: string | undefined; custom: FormValue | undefined } = values;
    expect(typed).toMatchObject({ trans_id: '', auth: true, ip: undefined, custom: { a: '1' } });
  });

  it('reads a field with `when` only when it holds over the fields before it', () => {
    const spec = { country: optional(), state: optional({ max: 2 }, { when: (r) => r.country === 'US' }) };
    expect(readForm({ country: 'FR', state: 'toolong' }, spec).errors).toEqual([]);
    expect(readForm({ country: 'US', state: 'toolong' }, spec).errors).toEqual([{ field: 'state', message: MESSAGES.tooLong(2) }]);
  });

  it('readFields adds to the reader it is given, after what was read before', () => {
    const f = new FieldReader({});
    f.required('first');
    readFields(f, { second: required() });
    expect(f.errors.map((e) => e.field)).toEqual(['first', 'second']);
  });
});

describe('formSpec', () => {
  it('keeps a field at its first place, required if any part requires it, and what it is over "as sent"', () => {
    const spec = formSpec({ a: optional({ max: 3 }), b: flag(), p: raw() }, { c: raw(), a: required({ max: 3 }), p: object() });
    expect(Object.keys(spec)).toEqual(['a', 'b', 'p', 'c']);
    expect(spec.a).toEqual(required({ max: 3 }));
    expect(spec.p).toEqual(object());
  });
});
