/** The backend's settings, read from the environment once, at start-up, and checked (zod). */
import { z } from 'zod';

const list = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean));

const OPERATION_NAMES = ['session', 'status', 'refund', 'void'] as const;
export type BackendOperation = (typeof OPERATION_NAMES)[number];

const schema = z.object({
  PLATFORM_URL: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
  MERCHANT_KEY: z.string().min(1),
  MERCHANT_PASSWORD: z.string().min(1),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Merchant accounts in "SHA256 mode". */
  HASH_ALGORITHM: z.enum(['md5', 'sha256']).default('md5'),
  /** Return URLs must start with one of these (e.g. "https://shop.example/app/"); empty: any http(s) URL. */
  // Each must end in "/": "https://shop.example" as a prefix would also let "https://shop.example.evil.test" in.
  ALLOWED_RETURN_URLS: list.pipe(z.array(z.string().regex(/^https?:\/\/[^/]+\/.*$/, 'each entry must be an http(s) URL ending in a path, like https://shop.example/app/'))),
  /** Browser origins allowed to call the backend (web and Capacitor apps); native apps need none. */
  CORS_ORIGINS: list,
  /** Which operations apps may call; refund and void move money back, so a deployment may keep them to staff tools. */
  ENABLED_OPERATIONS: list.pipe(z.array(z.enum(OPERATION_NAMES))).transform((ops) => (ops.length ? ops : [...OPERATION_NAMES])),
});

export interface BackendConfig {
  platformUrl: string;
  merchantKey: string;
  /** Never logged, never answered: it only enters hashes (signing.ts). */
  password: string;
  port: number;
  hashAlgorithm: 'md5' | 'sha256';
  allowedReturnUrls: string[];
  corsOrigins: string[];
  enabledOperations: BackendOperation[];
}

export function readConfig(env: Record<string, string | undefined> = process.env): BackendConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`merchant backend configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    platformUrl: e.PLATFORM_URL,
    merchantKey: e.MERCHANT_KEY,
    password: e.MERCHANT_PASSWORD,
    port: e.PORT,
    hashAlgorithm: e.HASH_ALGORITHM,
    allowedReturnUrls: e.ALLOWED_RETURN_URLS,
    corsOrigins: e.CORS_ORIGINS,
    enabledOperations: e.ENABLED_OPERATIONS,
  };
}
