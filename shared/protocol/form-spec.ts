/**
 * Declarative field specs of the form-encoded protocols (S2S CARD, S2S APM, schedules): a request's fields are data,
 * declared once, in the order they are validated. `readFields` validates them with FieldReader (the protocol's texts,
 * every problem at once, length first) and returns the values typed by the spec; the API reference is generated from
 * the same declaration. Rules that are not data (a token or card fields, the schedule rules) stay code after
 * the read; where such a rule makes a field required, `requiredWhen` says so for the reader of the reference.
 */
import type { FieldError } from '../domain/errors.js';
import { FieldReader, type FieldRule } from './fields.js';
import type { FormObject, FormValue } from './form.js';

/** The values read so far, by field name: what `when` decides on. */
export type ReadSoFar = Readonly<Record<string, unknown>>;

export interface TextSpec<K extends 'required' | 'optional' = 'required' | 'optional'> {
  kind: K;
  rule: FieldRule;
  /**
   * Run on a value that passed `rule`: the problem's text, or undefined (a Luhn check, a URL, an IP address). A
   * value that fails it is not returned, as one failing the rule is not.
   */
  check?: (value: string) => string | undefined;
  /** Read only when this holds over the fields read before it (payer_state: only for some countries). */
  when?: (read: ReadSoFar) => boolean;
  /** A cross-field rule (code after the read) that makes this optional field required: said in the reference. */
  requiredWhen?: string;
}
/** Y/N: exactly "Y" is yes. */
export interface FlagSpec {
  kind: 'flag';
}
/** A bracket group (name[key]=value). */
export interface ObjectSpec {
  kind: 'object';
}
/** Read as sent, unvalidated: a value or a group. */
export interface RawSpec {
  kind: 'raw';
}
export type FieldSpec = TextSpec<'required'> | TextSpec<'optional'> | FlagSpec | ObjectSpec | RawSpec;
export type FormSpec = Readonly<Record<string, FieldSpec>>;

type Extra = Pick<TextSpec, 'check' | 'requiredWhen'>;
export const required = (rule: FieldRule = {}, extra: Omit<Extra, 'requiredWhen'> = {}): TextSpec<'required'> => ({
  kind: 'required',
  rule,
  ...extra,
});
export const optional = (rule: FieldRule = {}, extra: Extra & Pick<TextSpec, 'when'> = {}): TextSpec<'optional'> => ({
  kind: 'optional',
  rule,
  ...extra,
});
export const flag = (): FlagSpec => ({ kind: 'flag' });
export const object = (): ObjectSpec => ({ kind: 'object' });
export const raw = (): RawSpec => ({ kind: 'raw' });

type ValueOf<F extends FieldSpec> =
  F extends TextSpec<'required'>
    ? string
    : F extends TextSpec<'optional'>
      ? string | undefined
      : F extends FlagSpec
        ? boolean
        : F extends ObjectSpec
          ? Record<string, FormValue> | undefined
          : FormValue | undefined;

/** The values a spec reads: a required field is a string ('' when blank), an optional one may be absent. */
export type FormValues<S extends FormSpec> = { -readonly [K in keyof S]: ValueOf<S[K]> };

/** Reads `spec` in its order into `f`'s problems: the same texts, in the same order, as reading field by field. */
export function readFields<S extends FormSpec>(f: FieldReader, spec: S): FormValues<S> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(spec)) out[name] = readField(f, name, field, out);
  return out as FormValues<S>;
}

function readField(f: FieldReader, name: string, field: FieldSpec, read: ReadSoFar): unknown {
  switch (field.kind) {
    case 'flag':
      return f.flag(name);
    case 'object':
      return f.object(name);
    case 'raw':
      return f.raw(name);
  }
  if (field.when && !field.when(read)) return undefined;
  const value = field.kind === 'required' ? f.required(name, field.rule) : f.optional(name, field.rule);
  const problem = value && field.check?.(value);
  if (!problem) return value;
  f.fail(name, problem);
  return field.kind === 'required' ? '' : undefined;
}

/** A whole form read against one spec: its values and every problem found. */
export function readForm<S extends FormSpec>(form: FormObject, spec: S): { values: FormValues<S>; errors: FieldError[] } {
  const f = new FieldReader(form);
  const values = readFields(f, spec);
  return { values, errors: f.errors };
}

/**
 * An action's whole request as one spec, from the parts it reads in order. A field in two parts (read by either of
 * two branches, or first as sent and then as what it is) keeps its first place, is required if either part requires
 * it, and is what the other part says where the first read it only as sent (raw).
 */
export function formSpec<P extends FormSpec[]>(...parts: P): Merged<P> {
  const out: Record<string, FieldSpec> = {};
  for (const part of parts)
    for (const [name, field] of Object.entries(part)) {
      const first = out[name];
      if (!first || first.kind === 'raw') out[name] = field;
      else if (first.kind === 'optional' && field.kind === 'required') out[name] = { ...first, kind: 'required' };
    }
  return out as Merged<P>;
}

type Merged<P extends FormSpec[]> = P extends [infer H extends FormSpec, ...infer T extends FormSpec[]]
  ? H & Merged<T>
  : Record<never, never>;
