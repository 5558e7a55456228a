/**
 * zod for runtime code: `import * as z from '<path>/zod-mini.js'`. zod/mini is zod's functional API, so a bundle
 * carries only the schemas and checks it uses (classic `zod` put ~440 KiB into every function). Unlike classic zod it
 * has no default messages, so English (classic's default) is set here: every message stays as classic zod wrote it.
 * The answers' schemas for the API reference (shared/protocol/answer-schema.ts) stay on classic zod; they are never bundled.
 */
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());

export * from 'zod/mini';
