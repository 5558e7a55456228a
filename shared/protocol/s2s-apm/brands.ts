/**
 * Per-brand request rules of S2S APM (the spec's "APM brand-specific parameters"). A brand is accepted only when a
 * provider serves it (shared/connectors/registry.ts) and it has an entry here; adding a brand is one entry.
 * Parameters a brand does not name are passed to the provider unchecked (they are provider extras).
 */
import { FieldReader, MESSAGES, type FieldRule } from '../fields.js';
import type { FormValue } from '../form.js';

export interface ParameterRule extends FieldRule {
  required: boolean;
}

export interface BrandRules {
  /** Whether the payer identifier must be sent (crypto methods, for example, work without one). */
  identifier: 'required' | 'optional';
  parameters: Record<string, ParameterRule>;
}

export const BRAND_RULES: Readonly<Record<string, BrandRules>> = {
  // Test connector: no extra parameters; the identifier chooses the outcome (protocol.md §8).
  vcard: { identifier: 'required', parameters: {} },
};

/** parameters[...] as a group (a plain string where a group belongs is invalid), checked against the brand's rules. */
export function readParameters(f: FieldReader, rules: BrandRules | undefined): Record<string, FormValue> | undefined {
  const group = f.object('parameters');
  if (!rules) return group;
  for (const [name, rule] of Object.entries(rules.parameters)) {
    const field = `parameters[${name}]`;
    const value = group?.[name];
    if (value === undefined || value === '') {
      if (rule.required) f.fail(field, MESSAGES.blank);
      continue;
    }
    if (typeof value !== 'string') {
      f.fail(field, MESSAGES.invalid);
      continue;
    }
    const sub = new FieldReader({ [field]: value });
    sub.optional(field, rule);
    f.errors.push(...sub.errors);
  }
  return group;
}
