/**
 * Turns a request's fields (an S2S action's declared spec, spec-reads.ts; a Checkout operation's bodyFields,
 * checkout-bodies.ts) into JSON Schema: a required field is required, its FieldRule gives maxLength / minLength /
 * pattern / enum, a Y/N flag is an enum, an object is a bracket group (`parameters[...]`), a field read as sent is
 * free-form. Dotted JSON paths (`order.number`) nest.
 */
import type { FieldRule } from '../../shared/protocol/fields.js';

/** One field of a request body as the document describes it; a name may come more than once (rules merge). */
export interface FieldRead {
  name: string;
  kind: 'required' | 'optional' | 'flag' | 'object' | 'raw';
  rule?: FieldRule;
}

export type JsonSchema = Record<string, unknown>;

function leafSchema(reads: FieldRead[]): JsonSchema {
  const kinds = new Set(reads.map((r) => r.kind));
  if (kinds.has('flag')) return { type: 'string', enum: ['Y', 'N'], description: 'Y/N flag: exactly "Y" is yes.' };
  if (kinds.has('object'))
    return { type: 'object', additionalProperties: true, description: 'Nested fields in bracket notation (name[key]=value).' };
  if (!kinds.has('required') && !kinds.has('optional'))
    return { description: 'Free-form: a value or nested fields in bracket notation (name[key]=value).' };
  const schema: JsonSchema = { type: 'string' };
  for (const { rule } of reads) {
    if (!rule) continue;
    if (rule.max !== undefined) schema.maxLength = Math.min(Number(schema.maxLength ?? Infinity), rule.max);
    if (rule.min !== undefined) schema.minLength = Math.max(Number(schema.minLength ?? 0), rule.min);
    if (rule.oneOf) schema.enum = [...rule.oneOf];
    // JSON Schema patterns are ECMA-262 like the reader's; a flagged (i, u) pattern is only described.
    if (rule.pattern && !rule.pattern.flags) schema.pattern = rule.pattern.source;
    else if (rule.pattern) schema.description = `Matches /${rule.pattern.source}/${rule.pattern.flags}.`;
  }
  return schema;
}

/** An object schema for the fields, in the order they were first read (the order the platform validates them). */
export function fieldsToSchema(reads: FieldRead[], fixed: Record<string, JsonSchema> = {}, fixedRequired: string[] = []): JsonSchema {
  const byName = new Map<string, FieldRead[]>();
  for (const r of reads) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  const root: JsonSchema = { type: 'object', properties: { ...fixed }, required: [...fixedRequired] };
  for (const [name, group] of byName) {
    const path = name.split('.');
    let node = root;
    for (const segment of path.slice(0, -1)) {
      const props = node.properties as Record<string, JsonSchema>;
      props[segment] ??= { type: 'object', properties: {}, required: [] };
      if (group.some((r) => r.kind === 'required') && !(node.required as string[]).includes(segment))
        (node.required as string[]).push(segment);
      node = props[segment]!;
    }
    const leaf = path.at(-1)!;
    (node.properties as Record<string, JsonSchema>)[leaf] = leafSchema(group);
    if (group.some((r) => r.kind === 'required')) (node.required as string[]).push(leaf);
  }
  return prune(root);
}

/** Drops empty `required` lists (JSON Schema wants at least one entry). */
function prune(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.required) && schema.required.length === 0) delete schema.required;
  for (const child of Object.values((schema.properties as Record<string, JsonSchema> | undefined) ?? {})) prune(child);
  return schema;
}
