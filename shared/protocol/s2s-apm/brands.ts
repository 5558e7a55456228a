/**
 * Per-brand request rules of S2S APM (the spec's "APM brand-specific parameters"), read from the brand descriptors
 * (shared/protocol/apm/brands/). A brand is accepted only when it has a descriptor and a provider serves its flow
 * (shared/adapters/connectors/registry.ts). Parameters a brand does not name are passed to the provider unchecked.
 */
import { FieldReader, MESSAGES } from '../fields.js';
import type { FormValue } from '../form.js';
import type { BrandDescriptor } from '../apm/descriptor.js';
import { checkParameters, checkRequestFields } from '../apm/rules.js';

export type { BrandDescriptor };

/**
 * parameters[...] as a group (a plain string where a group belongs is invalid), the brand's parameter rules, its
 * currencies and its extra top-level rules. Returns the parameters the provider gets.
 */
export function readBrandFields(
  f: FieldReader,
  d: BrandDescriptor | undefined,
  currency: string | undefined,
): Record<string, FormValue> | undefined {
  const group = f.object('parameters');
  if (!d) return group;
  const text = (name: string) => {
    const v = f.raw(name);
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  const first = text('payer_first_name');
  const last = text('payer_last_name');
  const ctx = { payerName: first && last ? `${first} ${last}` : undefined, payerCountry: text('payer_country')?.toUpperCase() };
  if (d.currencies && currency && !f.errors.some((e) => e.field === 'order_currency') && !d.currencies.includes(currency)) {
    f.fail('order_currency', MESSAGES.choice);
  }
  checkRequestFields(f, d, ctx);
  return checkParameters(f, d, group, ctx);
}
