/**
 * What a method's page asks the payer for, read from the brand's descriptor: its required parameters (a conditional
 * one when the payer's country makes it required) and those it collects when absent, less what the merchant already
 * sent. What the payer types is checked by the same generated rules as an S2S APM request (rules.ts), every asked
 * field now required, so the page and the API can never disagree about a value. Used by the Checkout page and the
 * sandbox provider's page.
 */
import { FieldReader } from '../fields.js';
import type { FormValue } from '../form.js';
import type { BrandDescriptor, FieldSpec } from './descriptor.js';
import { checkParameters, normalized } from './rules.js';

export interface PayerFacts {
  /** The payer's full name, for fields that must equal it. */
  payerName?: string;
  payerCountry?: string;
}

const sentValue = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

function asked(spec: FieldSpec, collect: boolean, payerCountry: string | undefined): boolean {
  // A list of groups cannot be typed into one input: only the merchant can send it.
  if (spec.items) return false;
  // A field the spec needs only in some countries is asked of payers from those, collected or not (UPI: India).
  if (spec.presence === 'conditional' && spec.when) return !!payerCountry && spec.when.payerCountry.includes(payerCountry);
  return collect || spec.presence === 'required';
}

/** The parameters the payer must give on the page, in the descriptor's order. */
export function fieldsToAsk(d: BrandDescriptor, sent: Readonly<Record<string, unknown>> | undefined, payerCountry?: string): string[] {
  const collect = new Set(d.collect ?? []);
  return Object.entries(d.parameters)
    .filter(([name, spec]) => asked(spec, collect.has(name), payerCountry) && !sentValue(sent?.[name]))
    .map(([name]) => name);
}

/** Whether the payer can give every field the method may need on a page (no list the merchant alone can send). */
export const collectableOnPage = (d: BrandDescriptor): boolean =>
  !Object.values(d.parameters).some((s) => s.items && s.presence !== 'optional');

export interface AskedResult {
  /** Per parameter name, the protocol's message (e.g. "This value should have exactly 16 characters."). */
  errors: Record<string, string>;
  /** The asked values as typed (trimmed), for the provider. */
  values: Record<string, string>;
}

export function checkAsked(d: BrandDescriptor, names: readonly string[], posted: FormValue | undefined, facts: PayerFacts): AskedResult {
  const group = posted && typeof posted === 'object' && !Array.isArray(posted) ? posted : {};
  const values: Record<string, string> = {};
  for (const n of names) {
    const v = group[n];
    values[n] = typeof v === 'string' ? v.trim() : '';
  }
  const only = Object.fromEntries(names.map((n) => [n, { ...d.parameters[n]!, presence: 'required' as const }]));
  const f = new FieldReader({});
  checkParameters(f, { ...d, parameters: only, collect: [] }, values, facts);
  const errors: Record<string, string> = {};
  for (const e of f.errors) {
    const name = /^parameters\[([^\]]+)\]/.exec(e.field)?.[1];
    if (name && !(name in errors)) errors[name] = e.message;
  }
  // The provider gets each value in its one form (a CUIL typed with hyphens → its 11 digits).
  return { errors, values: normalized(d, values) };
}
