/**
 * The one place that reads process.env. Parsed with zod once per container (or per local platform start);
 * everything else receives a typed Config.
 */
import { z } from 'zod';

const schema = z.object({
  STAGE: z.string().min(1).default('local'),
  AWS_REGION: z.string().min(1).default('eu-west-1'),
  /** Set only locally and in tests: every SDK client then talks to the emulators. */
  AWS_ENDPOINT_URL: z.url().optional(),
  /** DynamoDB Local runs apart from moto, so it has its own endpoint. */
  DYNAMODB_ENDPOINT_URL: z.url().optional(),
  TABLE_NAME: z.string().min(1),
  CALLBACK_QUEUE_URL: z.string().min(1),
  RECURRING_QUEUE_URL: z.string().min(1).optional(),
  KMS_KEY_ID: z.string().min(1),
  EVENT_BUS_NAME: z.string().min(1).optional(),
  /** Public address of the API (3DS pages, Checkout pages and redirect URLs are built from it). */
  PUBLIC_BASE_URL: z.url(),
  /** Local platform only: file that keeps data keys recoverable across moto restarts. Never set on AWS. */
  LOCAL_KEY_ESCROW_FILE: z.string().min(1).optional(),
  CONFIG_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  CALLBACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30000).default(5000),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
});

export type Config = z.infer<typeof schema>;

let cached: Config | undefined;

export function getConfig(): Config {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid platform configuration: ${fields}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** The local platform and tests set the environment, then call this so the next getConfig() re-reads it. */
export function resetConfig(): void {
  cached = undefined;
}

/** Environment variable names, for the code that sets them (CDK stacks, local platform). */
export type ConfigVariable = keyof z.input<typeof schema>;

const launcherSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOCAL_DATA_DIR: z.string().min(1).default('.local'),
  SANDBOX_NOTIFICATION_URL: z.url().optional(),
});

export type LauncherConfig = z.infer<typeof launcherSchema>;

/** Settings of `npm start` (the local platform launcher), parsed the same way. */
export function getLauncherConfig(): LauncherConfig {
  const parsed = launcherSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid launcher settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}
