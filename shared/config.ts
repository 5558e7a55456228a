/**
 * The one place that reads process.env. Parsed with zod once per container (or per local platform start);
 * everything else receives a typed Config.
 */
import * as z from './zod-mini.js';

// zod/mini spelled the way classic zod chains read: each helper is one classic method.
const text = () => z.string().check(z.minLength(1));
const int = (min: number, max?: number) => z.coerce.number().check(z.int(), z.gte(min), ...(max === undefined ? [] : [z.lte(max)]));
const num = (min: number, max: number) => z.coerce.number().check(z.gte(min), z.lte(max));
const flag = () => z.pipe(z._default(z.enum(['true', 'false']), 'false'), z.transform((v) => v === 'true'));

/** Built on first getConfig(), not at import: a cold start pays for the schema when the handler first needs it. */
const buildSchema = () =>
  z.object({
    STAGE: z._default(text(), 'local'),
    AWS_REGION: z._default(text(), 'eu-west-1'),
    /** Set only locally and in tests: every SDK client then talks to the emulators. */
    AWS_ENDPOINT_URL: z.optional(z.url()),
    /** DynamoDB Local runs apart from moto, so it has its own endpoint. */
    DYNAMODB_ENDPOINT_URL: z.optional(z.url()),
    TABLE_NAME: text(),
    CALLBACK_QUEUE_URL: text(),
    RECURRING_QUEUE_URL: z.optional(text()),
    /** Table and queue key; also where legacy (pre-purpose) data keys were wrapped. */
    KMS_KEY_ID: text(),
    /** One KMS key per purpose (shared/resources.ts PURPOSE_KEYS); each function may use only those its grants list. */
    CARD_DATA_KMS_KEY_ID: text(),
    MERCHANT_SECRETS_KMS_KEY_ID: text(),
    WALLET_KEYS_KMS_KEY_ID: text(),
    /** A data key seals for this many days, then a new one takes over (old ones still open what they sealed). */
    DATA_KEY_MAX_AGE_DAYS: z._default(num(0.0001, 3650), 30),
    EVENT_BUS_NAME: z.optional(text()),
    /** Public address of the API (3DS pages, Checkout pages and redirect URLs are built from it). */
    PUBLIC_BASE_URL: z.url(),
    /** Local platform only: file that keeps data keys recoverable across moto restarts. Never set on AWS. */
    LOCAL_KEY_ESCROW_FILE: z.optional(text()),
    CONFIG_CACHE_TTL_SECONDS: z._default(int(0, 3600), 30),
    CALLBACK_TIMEOUT_MS: z._default(int(100, 30000), 5000),
    /** Wait before each retry of a failed callback (seconds, comma-separated); the last value repeats. docs/callbacks.md. */
    CALLBACK_RETRY_DELAYS_SECONDS: z.pipe(
      z._default(z.string().check(z.regex(/^\d+(,\d+)*$/)), '5,30,120,600,1800,3600,7200'),
      z.transform((v) => v.split(',').map(Number)),
    ),
    /** This many timeouts from one URL within the window pause deliveries to it (protocol: 5 in 5 minutes, 15 minutes). */
    CALLBACK_PAUSE_AFTER_TIMEOUTS: z._default(int(1), 5),
    CALLBACK_PAUSE_WINDOW_SECONDS: z._default(int(1), 300),
    CALLBACK_PAUSE_SECONDS: z._default(int(1, 43200), 900),
    /** Outbox items older than this with no consumer progress are re-queued by the sweeper. */
    CALLBACK_SWEEP_GRACE_SECONDS: z._default(int(0), 30),
    /** How long a rotated-out callback signing secret keeps signing (old and new both valid). */
    CALLBACK_SECRET_OVERLAP_SECONDS: z._default(int(0), 86400),
    /**
     * Callback and notification URLs may point at loopback (127.0.0.0/8, ::1, localhost). True only on the local
     * platform and in tests, so developers receive callbacks on their machine; every other private, link-local or
     * reserved address is refused everywhere (shared/net/public-url.ts).
     */
    CALLBACK_ALLOW_LOOPBACK: flag(),
    /** Dead-letter queue of the callback queue; found through the queue's redrive policy when not set. */
    CALLBACK_DLQ_URL: z.optional(text()),
    /** TEST ONLY (crash-safety tests): the process kills itself at this step of the callback path. Never set on AWS. */
    CALLBACK_CRASH_AT: z.optional(z.enum(['after-write', 'after-send', 'during-delivery', 'after-reservation'])),
    /**
     * A duplicate request waits this long for the first one (409) before it presumes it died and answers the payment
     * or attempt it reserved (shared/operations/payment/recover.ts). Longer than any acquirer call.
     */
    /** How long an instant-payment QR (brand ips) may be paid: the spec's default is 1 minute. */
    APM_QR_LIFETIME_SECONDS: z._default(int(1, 86400), 60),
    /** How long a bank-code transfer waits for the provider's confirmation: the spec says 5 minutes. */
    APM_BANK_WINDOW_SECONDS: z._default(int(1, 86400), 300),
    /**
     * How long one run of the APM deadline sweeper keeps watching (it runs every minute): deadlines that fall due in
     * that time are acted on within APM_DEADLINE_POLL_SECONDS, not at the next run. 0: one pass (local pollers, tests).
     */
    APM_DEADLINE_WATCH_SECONDS: z._default(int(0, 840), 0),
    /**
     * Deployed: the EventBridge Scheduler group where each APM deadline gets a one-time schedule, the role Scheduler
     * assumes, and the ops bus it puts the wake-up on. Unset (local platform, tests): the sweeper's poller alone.
     */
    APM_DEADLINE_SCHEDULE_GROUP: z.optional(text()),
    APM_DEADLINE_SCHEDULER_ROLE_ARN: z.optional(text()),
    EVENT_BUS_ARN: z.optional(text()),
    APM_DEADLINE_POLL_SECONDS: z._default(num(0.5, 60), 2),
    IDEMPOTENCY_LOCK_SECONDS: z._default(int(1, 900), 30),
    /** The sandbox acquirers answer after this long, like a real acquirer over the network (0: at once). */
    SANDBOX_LATENCY_MS: z._default(int(0, 30000), 0),
    /** An upstream gateway (connector "upstream") not answering within this long leaves the transaction undetermined. */
    UPSTREAM_TIMEOUT_MS: z._default(int(100, 60000), 20000),
    /** The reconciler leaves a transaction waiting for the acquirer alone this long (longer than any request runs). */
    RECONCILE_GRACE_SECONDS: z._default(int(0), 900),
    /** A transaction the acquirer still cannot tell about after this long is declined (docs/reconciliation.md). */
    RECONCILE_GIVE_UP_SECONDS: z._default(int(0), 86400),
    /**
     * How long a card the hosted-fields iframes submitted stays usable (sealed in its session). At most 14 minutes:
     * the SealedCardSweeper (every minute) then deletes it, so no card waits longer than the README's 15 minutes.
     */
    CARD_DATA_TTL_SECONDS: z._default(int(1, 840), 840),
    /** Wallet tokens (docs/wallets.md): the `gateway` merchants name in Google Pay requests (recipient "gateway:<id>"). */
    GOOGLE_PAY_GATEWAY_ID: z._default(text(), 'openpayments'),
    /** Google's root signing keys (the JSON of keys.json) per environment; unset: that environment is refused. */
    GOOGLE_PAY_ROOT_KEYS_PRODUCTION: z.optional(text()),
    GOOGLE_PAY_ROOT_KEYS_TEST: z.optional(text()),
    /** PEM of the trusted Apple Pay root (Apple Root CA - G3) per environment; unset: that environment is refused. */
    APPLE_PAY_ROOT_CA_PRODUCTION: z.optional(text()),
    APPLE_PAY_ROOT_CA_TEST: z.optional(text()),
    /** An Apple Pay token signed longer ago than this is refused as a possible replay. */
    APPLE_PAY_MAX_TOKEN_AGE_SECONDS: z._default(int(30, 86400), 300),
    /**
     * The stage has a test clock (docs/test-clock.md): its rules read the real time plus an offset an operator moves.
     * True on the local platform and sandbox stages (infra/stages.ts `sandbox`), never on staging or production.
     */
    TEST_CLOCK: flag(),
    /** The console's Cognito user pool and its app client (docs/console.md); unset: console sign-in is refused. */
    CONSOLE_USER_POOL_ID: z.optional(text()),
    CONSOLE_USER_POOL_CLIENT_ID: z.optional(text()),
    /** Where people open the console (invitation links); default PUBLIC_BASE_URL + /console/. */
    CONSOLE_URL: z.optional(z.url()),
    /** Invitations: Cognito emails them (deployed), or the API returns the link to hand over (local platform, tests). */
    CONSOLE_INVITATIONS: z._default(z.enum(['email', 'link']), 'email'),
    /** A console session ends this long after sign-in, whatever is done with it. */
    CONSOLE_SESSION_HOURS: z._default(num(0.01, 24), 8),
    LOG_LEVEL: z._default(z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']), 'INFO'),
    /** CloudWatch EMF metrics (payments by action and result, callback deliveries, latency). Off locally and in tests. */
    METRICS_ENABLED: flag(),
    /** Share of invocations traced in detail with X-Ray (0–1): a handler subsegment with ids and outcome. */
    TRACE_SAMPLE_RATE: z._default(num(0, 1), 0),
  });

let schema: ReturnType<typeof buildSchema> | undefined;

export type Config = z.infer<ReturnType<typeof buildSchema>>;

let cached: Config | undefined;

export function getConfig(): Config {
  if (!cached) {
    const parsed = (schema ??= buildSchema()).safeParse(process.env);
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
export type ConfigVariable = keyof z.input<ReturnType<typeof buildSchema>>;

const launcherSchema = z.object({
  PORT: z._default(int(0, 65535), 3000),
  LOCAL_DATA_DIR: z._default(text(), '.local'),
  SANDBOX_NOTIFICATION_URL: z.optional(z.url()),
  /** The local console's operator account, created on first start (docs/console.md). */
  CONSOLE_OPERATOR_EMAIL: z._default(z.email(), 'operator@example.com'),
  /** Runs every schedule (outbox sweeper, reconciler, schedule runner) this often instead of its deployed rate. */
  LOCAL_SCHEDULE_SECONDS: z.optional(int(1, 3600)),
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
