/**
 * Checks a request against a brand descriptor: the brand's parameters[...] and its extra rules on top-level fields,
 * every problem recorded on the FieldReader (protocol wording), so all are reported at once. Returns the parameters
 * the provider gets: defaults applied, pairs that must travel together dropped when incomplete.
 */
import { FieldReader, MESSAGES } from '../fields.js';
import type { FormValue } from '../form.js';
import { findCurrency } from '../../domain/money.js';
import type { BrandDescriptor, FieldSpec } from './descriptor.js';

export const APM_MESSAGES = {
  exactLength: (n: number) => `This value should have exactly ${n} characters.`,
  numeric: 'This value should be of type numeric.',
  datetime: 'This value is not a valid datetime.',
  currency: 'This value is not a valid currency.',
  payerName: "This value should be equal to the payer's name.",
  combinedName: (n: number) => `The payer's first and last name together should have ${n} characters or less.`,
} as const;

const SWIFT = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATETIME_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/;

export interface RequestContext {
  /** payer_first_name + ' ' + payer_last_name, when both were sent. */
  payerName?: string;
  payerCountry?: string;
  /** Fields the payer may still supply on the method's page: absent is fine. */
  collectable: boolean;
}

/** One string value against its spec; the first failing check only, as the protocol's errors read. */
function checkValue(f: FieldReader, field: string, value: string, spec: FieldSpec, ctx: RequestContext): void {
  const { length } = spec;
  if (length?.exact !== undefined && [...value].length !== length.exact) return f.fail(field, APM_MESSAGES.exactLength(length.exact));
  const max = length?.max ?? 1024;
  if (value.length > max) return f.fail(field, MESSAGES.tooLong(max));
  if (length?.min !== undefined && value.length < length.min) return f.fail(field, MESSAGES.tooShort(length.min));
  if (spec.oneOf && !spec.oneOf.includes(value)) return f.fail(field, MESSAGES.choice);
  if (spec.number) {
    const m = (spec.number.integer ? /^(\d+)$/ : /^(\d+)(\.\d+)?$/).exec(value);
    if (!m) return f.fail(field, APM_MESSAGES.numeric);
    const maxDigits = spec.number.maxDigits;
    if (maxDigits !== undefined && m[1]!.length > maxDigits) return f.fail(field, MESSAGES.tooLong(maxDigits));
  }
  switch (spec.format) {
    case 'datetime-utc':
      if (!DATETIME_UTC.test(value) || Number.isNaN(Date.parse(value))) return f.fail(field, APM_MESSAGES.datetime);
      break;
    case 'currency':
      if (!findCurrency(value)) return f.fail(field, APM_MESSAGES.currency);
      break;
    case 'swift':
      if (!SWIFT.test(value)) return f.fail(field, MESSAGES.invalid);
      break;
    case 'base64':
      if (value.length % 4 !== 0 || !BASE64.test(value)) return f.fail(field, MESSAGES.invalid);
      break;
  }
  if (spec.pattern && !spec.pattern.test(value)) return f.fail(field, spec.patternMessage ?? MESSAGES.invalid);
  const strict = ctx.payerCountry ? spec.countryPattern?.[ctx.payerCountry] : undefined;
  if (strict && !strict.test(value)) return f.fail(field, MESSAGES.invalid);
  if (spec.equalsPayerName && value !== ctx.payerName) return f.fail(field, APM_MESSAGES.payerName);
}

function isRequired(spec: FieldSpec, ctx: RequestContext): boolean {
  if (spec.presence === 'required') return true;
  if (spec.presence === 'conditional' && spec.when) return !!ctx.payerCountry && spec.when.payerCountry.includes(ctx.payerCountry);
  return false;
}

/** One field (a string, or a list of groups with `items`); returns whether it is present. */
function checkField(f: FieldReader, field: string, value: FormValue | undefined, spec: FieldSpec, ctx: RequestContext): boolean {
  if (value === undefined || value === '' || (typeof value === 'string' && value.trim() === '')) {
    if (isRequired(spec, ctx) && !ctx.collectable) f.fail(field, MESSAGES.blank);
    return false;
  }
  if (spec.items) {
    if (!Array.isArray(value) || value.length === 0) {
      f.fail(field, MESSAGES.invalid);
      return true;
    }
    value.forEach((item, i) => {
      if (typeof item !== 'object' || Array.isArray(item)) return f.fail(`${field}[${i}]`, MESSAGES.invalid);
      for (const [name, sub] of Object.entries(spec.items!))
        checkField(f, `${field}[${i}][${name}]`, item[name], sub, { ...ctx, collectable: false });
    });
    return true;
  }
  if (typeof value !== 'string') {
    f.fail(field, MESSAGES.invalid);
    return true;
  }
  checkValue(f, field, value, spec, ctx);
  return true;
}

/** parameters[...] of a brand. `group` is what was sent; the result is what the provider gets. */
export function checkParameters(
  f: FieldReader,
  d: BrandDescriptor,
  group: Record<string, FormValue> | undefined,
  ctx: Omit<RequestContext, 'collectable'>,
): Record<string, FormValue> | undefined {
  const collect = new Set(d.collect ?? []);
  for (const [name, spec] of Object.entries(d.parameters)) {
    checkField(f, `parameters[${name}]`, group?.[name], spec, { ...ctx, collectable: collect.has(name) });
  }
  if (!group) return group;
  const out = normalized(d, group);
  for (const [a, b] of d.together ?? []) {
    if (out[a] === undefined || out[a] === '' || out[b] === undefined || out[b] === '') {
      delete out[a];
      delete out[b];
    }
  }
  return out;
}

/** Each accepted spelling in the one form the provider gets (FieldSpec.normalize). */
export function normalized<T extends FormValue>(
  d: Pick<BrandDescriptor, 'parameters'>,
  group: Readonly<Record<string, T>>,
): Record<string, T | string> {
  const out: Record<string, T | string> = { ...group };
  for (const [name, spec] of Object.entries(d.parameters)) {
    const v = out[name];
    if (spec.normalize && typeof v === 'string' && v !== '') out[name] = spec.normalize(v);
  }
  return out;
}

/** The brand's extra rules on top-level fields (payer names, payout descriptions). */
export function checkRequestFields(f: FieldReader, d: BrandDescriptor, ctx: Omit<RequestContext, 'collectable'>): void {
  for (const [name, spec] of Object.entries(d.request ?? {})) {
    // A field the general rules already reported is not reported twice.
    if (f.errors.some((e) => e.field === name)) continue;
    checkField(f, name, f.raw(name), spec, { ...ctx, collectable: false });
  }
  if (d.payerNameMax !== undefined && ctx.payerName && ctx.payerName.length - 1 > d.payerNameMax) {
    f.fail('payer_first_name', APM_MESSAGES.combinedName(d.payerNameMax));
  }
}

/** The method can hold funds for a later capture (its `hold` note says why): auth=Y, and a SALE held on a DMS MID. */
export function holdsFunds(d: Pick<BrandDescriptor, 'actions'> | undefined): boolean {
  return !!d?.actions.includes('AUTH');
}
