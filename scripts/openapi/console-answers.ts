/**
 * The console API's answers in the reference: the JSON Schema of the zod schemas the console operations build
 * their answers with (shared/protocol/console/schemas), closed wherever the shape is the console's own.
 * test/integration/platform/openapi-console.test.ts validates every operation's real answer against them.
 */
import { CONSOLE_ANSWERS as ANSWERS, CONSOLE_COMPONENTS } from '../../shared/protocol/console/schemas/index.js';
import { componentsOf, jsonSchemaOf, type JsonSchema } from './zod-schema.js';

export const CONSOLE_SCHEMAS: Record<string, JsonSchema> = componentsOf(CONSOLE_COMPONENTS);

/** The answer of each console operation, by route id, with its success status. */
export const CONSOLE_ANSWERS: Record<string, { status: number; schema: JsonSchema }> = Object.fromEntries(
  Object.entries(ANSWERS).map(([id, { status, schema }]) => [id, { status, schema: jsonSchemaOf(schema, CONSOLE_COMPONENTS) }]),
);
