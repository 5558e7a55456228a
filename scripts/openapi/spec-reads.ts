/**
 * A declared request (shared/protocol/form-spec.ts) as the field list fields-to-schema.ts describes: each field with
 * its kind and rule, in the declared order; one a cross-field rule requires (requiredWhen) is marked required.
 */
import type { FormSpec } from '../../shared/protocol/form-spec.js';
import type { FieldRead } from './fields-to-schema.js';

export function specReads(spec: FormSpec): FieldRead[] {
  return Object.entries(spec).map(([name, field]) => {
    if (field.kind !== 'required' && field.kind !== 'optional') return { name, kind: field.kind };
    const kind = field.requiredWhen ? 'required' : field.kind;
    return { name, kind, ...(Object.keys(field.rule).length ? { rule: field.rule } : {}) };
  });
}
