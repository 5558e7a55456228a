/** The backend's settings, read from the environment once, at start-up, and checked (zod). */
import { z } from 'zod';

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const OPERATION_NAMES = ['session', 'status', 'refund', 'void'] as const;
export type BackendOperation = (typeof OPERATION_NAMES)[number];
const DEFAULT_OPERATIONS: BackendOperation[] = ['session', 'status'];

const schema = z.object({
  PLATFORM_URL: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
  MERCHANT_KEY: z.string().min(1),
  MERCHANT_PASSWORD: z.string().min(1),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Merchant accounts in "SHA256 mode". */
  HASH_ALGORITHM: z.enum(['md5', 'sha256']).default('md5'),
  /** Return URLs must start with one of these (e.g. "https://shop.example/app/"); empty: any http(s) URL. */
  // Each must end in "/": "https://shop.example" as a prefix would also let "https://shop.example.evil.test" in.
  ALLOWED_RETURN_URLS: list.pipe(
    z.array(
      z.string().regex(/^https?:\/\/[^/]+\/.*$/, 'each entry must be an http(s) URL ending in a path, like https://shop.example/app/'),
    ),
  ),
  /** Browser origins allowed to call the backend (web and Capacitor apps); native apps need none. */
  CORS_ORIGINS: list,
  /**
   * Which operations apps may call. Default session,status: refund and void move money back, so they stay with
   * staff tools unless the merchant adds them (even then, only for the user's own orders).
   */
  ENABLED_OPERATIONS: list.pipe(z.array(z.enum(OPERATION_NAMES))).transform((ops) => (ops.length ? ops : [...DEFAULT_OPERATIONS])),
  /** The local JWT example (auth/jwks.ts): all three, or none (then every request is refused). */
  APP_JWKS_URL: z.optional(z.url({ protocol: /^https?$/ })),
  APP_JWT_ISSUER: z.optional(z.string().min(1)),
  APP_JWT_AUDIENCE: z.optional(z.string().min(1)),
  /** DynamoDB table of order owners (the AWS deployment); empty: this process's memory. */
  ORDER_OWNERS_TABLE: z.optional(z.string().min(1)),
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
  /** Set when the local JWT example is configured. */
  appJwt?: { jwksUrl: string; issuer: string; audience: string };
  orderOwnersTable?: string;
}

export function readConfig(env: Record<string, string | undefined> = process.env): BackendConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`merchant backend configuration: ${problems}`);
  }
  const e = parsed.data;
  const jwt = [e.APP_JWKS_URL, e.APP_JWT_ISSUER, e.APP_JWT_AUDIENCE];
  if (jwt.some(Boolean) && !jwt.every(Boolean)) {
    throw new Error('merchant backend configuration: APP_JWKS_URL, APP_JWT_ISSUER and APP_JWT_AUDIENCE go together (all three or none)');
  }
  return {
    platformUrl: e.PLATFORM_URL,
    merchantKey: e.MERCHANT_KEY,
    password: e.MERCHANT_PASSWORD,
    port: e.PORT,
    hashAlgorithm: e.HASH_ALGORITHM,
    allowedReturnUrls: e.ALLOWED_RETURN_URLS,
    corsOrigins: e.CORS_ORIGINS,
    enabledOperations: e.ENABLED_OPERATIONS,
    ...(e.APP_JWKS_URL && e.APP_JWT_ISSUER && e.APP_JWT_AUDIENCE
      ? { appJwt: { jwksUrl: e.APP_JWKS_URL, issuer: e.APP_JWT_ISSUER, audience: e.APP_JWT_AUDIENCE } }
      : {}),
    ...(e.ORDER_OWNERS_TABLE ? { orderOwnersTable: e.ORDER_OWNERS_TABLE } : {}),
  };
}
