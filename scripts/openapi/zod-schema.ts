/**
 * zod schema → the reference's JSON Schema: zod 4's own toJSONSchema, with references to named shapes (`.meta({ id })`)
 * pointing into components.schemas, spelled as the reference has always been written (spelled()).
 */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

export const idOf = (schema: z.core.$ZodType): string | undefined => z.globalRegistry.get(schema)?.id;

/**
 * The reference's own spelling: `type` first, an object's `required` (even empty) before its properties, an enum or
 * const with no type, a nullable object as `type: [..., 'null']`, a whole number without zod's safe-integer bounds, a
 * map without propertyNames (JSON keys are strings). None of it changes what validates.
 */
export function spelled(schema: JsonSchema): JsonSchema {
  let s: JsonSchema = { ...schema };
  const each = (v: unknown) => (v && typeof v === 'object' ? spelled(v as JsonSchema) : v);
  if (s.properties) s.properties = Object.fromEntries(Object.entries(s.properties as JsonSchema).map(([k, v]) => [k, each(v)]));
  for (const key of ['items', 'additionalProperties'] as const) if (s[key] !== undefined) s[key] = each(s[key]);
  for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(s[key])) s[key] = (s[key] as unknown[]).map(each);
  const [first, second, ...more] = (s.anyOf as JsonSchema[] | undefined) ?? [];
  if (first && second?.type === 'null' && Object.keys(second).length === 1 && !more.length && typeof first.type === 'string') {
    const { anyOf: _, ...rest } = s;
    s = { ...first, ...rest, type: [first.type, 'null'] };
  }
  if ('enum' in s || 'const' in s) delete s.type;
  delete s.propertyNames;
  if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
  if (s.properties) s.required ??= [];
  const order = s.type === 'object' || s.properties ? ['type', 'description', 'required', 'additionalProperties', 'properties'] : ['type'];
  const lead = order.filter((k) => k in s);
  return Object.fromEntries([...lead, ...Object.keys(s).filter((k) => !lead.includes(k))].map((k) => [k, s[k]]));
}

/**
 * The JSON Schema of `schema`: a named one's own body, an unnamed one with its named parts as $refs into
 * components.schemas (each must be among `components`). `io: 'input'` leaves objects open (no additionalProperties).
 */
export function jsonSchemaOf(schema: z.core.$ZodType, components: z.ZodType[], io: 'input' | 'output' = 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'throw' }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const { $schema: _, $defs = {}, ...body } = out;
  const known = new Set(components.map(idOf));
  for (const name of Object.keys($defs)) if (!known.has(name)) throw new Error(`${name} is named (.meta id) but not a component`);
  const id = idOf(schema);
  const text = JSON.stringify(id ? $defs[id] : body).replaceAll('"#/$defs/', '"#/components/schemas/');
  return spelled(JSON.parse(text) as JsonSchema);
}

/** components.schemas entries of named shapes, in the order given. */
export const componentsOf = (components: z.ZodType[], io: 'input' | 'output' = 'output'): Record<string, JsonSchema> =>
  Object.fromEntries(components.map((c) => [idOf(c)!, jsonSchemaOf(c, components, io)]));
