/**
 * The one place that reads process.env. Read once per container (or per local platform start) with the rules and
 * messages zod gave them (shared/lib/env-fields.ts, without zod's weight in every bundle); everything else receives a
 * typed Config.
 */
import {
  email,
  int,
  num,
  oneOf,
  optional,
  readFields,
  text,
  piped,
  url,
  withDefault,
  matching,
  type Fields,
  type Read,
} from './env-fields.js';

/** How payment items are written (PAYMENT_ITEM_FORM, shared/adapters/aws/payment-item.ts); the deploy's `-c paymentItemForm`. */
export const PAYMENT_ITEM_FORMS = ['compact', 'full'] as const;
export type PaymentItemForm = (typeof PAYMENT_ITEM_FORMS)[number];

/**
 * A stage is live (real money: no sandbox connector, no test clock, no demo page) or a sandbox (made-up outcomes),
 * never both (docs/security.md "Test and live"). infra/stages.ts declares it; the functions read STAGE_KIND.
 */
export const STAGE_KINDS = ['live', 'sandbox'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

const flag = () => piped(withDefault(oneOf(['true', 'false']), 'false'), (v) => v === 'true');

/** Built on first getConfig(), not at import: a cold start pays for the fields when the handler first needs them. */
const buildSchema = () =>
  ({
    STAGE: withDefault(text(), 'local'),
    /** live or sandbox (STAGE_KINDS). Unset reads as live: a function that was not told it is a sandbox is not one. */
    STAGE_KIND: withDefault(oneOf(STAGE_KINDS), 'live'),
    AWS_REGION: withDefault(text(), 'eu-west-1'),
    /** Set only locally and in tests: every SDK client then talks to the emulators. */
    AWS_ENDPOINT_URL: optional(url()),
    /** DynamoDB Local runs apart from moto, so it has its own endpoint. */
    DYNAMODB_ENDPOINT_URL: optional(url()),
    TABLE_NAME: text(),
    CALLBACK_QUEUE_URL: text(),
    RECURRING_QUEUE_URL: optional(text()),
    /** Table and queue key; also where legacy (pre-purpose) data keys were wrapped. */
    KMS_KEY_ID: text(),
    /** One KMS key per purpose (shared/lib/resources.ts PURPOSE_KEYS); each function may use only those its grants list. */
    CARD_DATA_KMS_KEY_ID: text(),
    MERCHANT_SECRETS_KMS_KEY_ID: text(),
    WALLET_KEYS_KMS_KEY_ID: text(),
    /** A data key seals for this many days, then a new one takes over (old ones still open what they sealed). */
    DATA_KEY_MAX_AGE_DAYS: withDefault(num(0.0001, 3650), 30),
    EVENT_BUS_NAME: optional(text()),
    /** Public address of the API (3DS pages, Checkout pages and redirect URLs are built from it). */
    PUBLIC_BASE_URL: url(),
    /** Local platform only: file that keeps data keys recoverable across moto restarts. Never set on AWS. */
    LOCAL_KEY_ESCROW_FILE: optional(text()),
    CONFIG_CACHE_TTL_SECONDS: withDefault(int(0, 3600), 30),
    CALLBACK_TIMEOUT_MS: withDefault(int(100, 30000), 5000),
    /** Wait before each retry of a failed callback (seconds, comma-separated); the last value repeats. docs/callbacks.md. */
    CALLBACK_RETRY_DELAYS_SECONDS: piped(withDefault(matching(/^\d+(,\d+)*$/), '5,30,120,600,1800,3600,7200'), (v) =>
      v.split(',').map(Number),
    ),
    /** This many timeouts from one URL within the window pause deliveries to it (protocol: 5 in 5 minutes, 15 minutes). */
    CALLBACK_PAUSE_AFTER_TIMEOUTS: withDefault(int(1), 5),
    CALLBACK_PAUSE_WINDOW_SECONDS: withDefault(int(1), 300),
    CALLBACK_PAUSE_SECONDS: withDefault(int(1, 43200), 900),
    /** Outbox items older than this with no consumer progress are re-queued by the sweeper. */
    CALLBACK_SWEEP_GRACE_SECONDS: withDefault(int(0), 30),
    /** How long a rotated-out callback signing secret keeps signing (old and new both valid). */
    CALLBACK_SECRET_OVERLAP_SECONDS: withDefault(int(0), 86400),
    /**
     * Callback and notification URLs may point at loopback (127.0.0.0/8, ::1, localhost). True only on the local
     * platform and in tests, so developers receive callbacks on their machine; every other private, link-local or
     * reserved address is refused everywhere (shared/lib/net/public-url.ts).
     */
    CALLBACK_ALLOW_LOOPBACK: flag(),
    /**
     * The callback delivery function (CallbackDeliver) the outbox consumer hands a callback's first attempt to by
     * Lambda's asynchronous invoke; unset: every callback goes through the queue (docs/callbacks.md).
     */
    CALLBACK_DELIVER_FUNCTION: optional(text()),
    /** Local platform and tests only: the stand-in for Lambda's Invoke API (scripts/local/lambda-invoke.ts). */
    LAMBDA_ENDPOINT_URL: optional(url()),
    /** Dead-letter queue of the callback queue; found through the queue's redrive policy when not set. */
    CALLBACK_DLQ_URL: optional(text()),
    /** TEST ONLY (crash-safety tests): the process kills itself at this step of the callback path. Never set on AWS. */
    CALLBACK_CRASH_AT: optional(oneOf(['after-write', 'after-send', 'after-invoke', 'during-delivery', 'after-reservation'])),
    /**
     * A duplicate request waits this long for the first one (409) before it presumes it died and answers the payment
     * or attempt it reserved (shared/operations/payment/internal/recover.ts). Longer than any acquirer call.
     */
    /** How long an instant-payment QR (brand ips) may be paid: the spec's default is 1 minute. */
    APM_QR_LIFETIME_SECONDS: withDefault(int(1, 86400), 60),
    /** How long a bank-code transfer waits for the provider's confirmation: the spec says 5 minutes. */
    APM_BANK_WINDOW_SECONDS: withDefault(int(1, 86400), 300),
    /**
     * How long one run of the APM deadline sweeper keeps watching (it runs every minute): deadlines that fall due in
     * that time are acted on within APM_DEADLINE_POLL_SECONDS, not at the next run. 0: one pass (local pollers, tests).
     */
    APM_DEADLINE_WATCH_SECONDS: withDefault(int(0, 840), 0),
    /**
     * Deployed: the EventBridge Scheduler group where each APM deadline gets a one-time schedule, the role Scheduler
     * assumes, and the ops bus it puts the wake-up on. Unset (local platform, tests): the sweeper's poller alone.
     */
    APM_DEADLINE_SCHEDULE_GROUP: optional(text()),
    APM_DEADLINE_SCHEDULER_ROLE_ARN: optional(text()),
    EVENT_BUS_ARN: optional(text()),
    APM_DEADLINE_POLL_SECONDS: withDefault(num(0.5, 60), 2),
    IDEMPOTENCY_LOCK_SECONDS: withDefault(int(1, 900), 30),
    /** The sandbox acquirers answer after this long, like a real acquirer over the network (0: at once). */
    SANDBOX_LATENCY_MS: withDefault(int(0, 30000), 0),
    /** An upstream gateway (connector "upstream") not answering within this long leaves the transaction undetermined. */
    UPSTREAM_TIMEOUT_MS: withDefault(int(100, 60000), 20000),
    /** The reconciler leaves a transaction waiting for the acquirer alone this long (longer than any request runs). */
    RECONCILE_GRACE_SECONDS: withDefault(int(0), 900),
    /** A transaction the acquirer still cannot tell about after this long is declined (docs/reconciliation.md). */
    RECONCILE_GIVE_UP_SECONDS: withDefault(int(0), 86400),
    /**
     * How long a card the hosted-fields iframes submitted stays usable (sealed in its session). At most 14 minutes:
     * the SealedCardSweeper (every minute) then deletes it, so no card waits longer than the README's 15 minutes.
     */
    CARD_DATA_TTL_SECONDS: withDefault(int(1, 840), 840),
    /** Wallet tokens (docs/wallets.md): the `gateway` merchants name in Google Pay requests (recipient "gateway:<id>"). */
    GOOGLE_PAY_GATEWAY_ID: withDefault(text(), 'openpayments'),
    /** Google's root signing keys (the JSON of keys.json) per environment; unset: that environment is refused. */
    GOOGLE_PAY_ROOT_KEYS_PRODUCTION: optional(text()),
    GOOGLE_PAY_ROOT_KEYS_TEST: optional(text()),
    /** PEM of the trusted Apple Pay root (Apple Root CA - G3) per environment; unset: that environment is refused. */
    APPLE_PAY_ROOT_CA_PRODUCTION: optional(text()),
    APPLE_PAY_ROOT_CA_TEST: optional(text()),
    /** An Apple Pay token signed longer ago than this is refused as a possible replay. */
    APPLE_PAY_MAX_TOKEN_AGE_SECONDS: withDefault(int(30, 86400), 300),
    /**
     * The stage has a test clock (docs/test-clock.md): its rules read the real time plus an offset an operator moves.
     * True on the local platform and sandbox stages (infra/stages.ts `kind`); a live stage refuses to start with it.
     */
    TEST_CLOCK: flag(),
    /** The console's Cognito user pool and its app client (docs/console.md); unset: console sign-in is refused. */
    CONSOLE_USER_POOL_ID: optional(text()),
    CONSOLE_USER_POOL_CLIENT_ID: optional(text()),
    /** Where people open the console (invitation links); default PUBLIC_BASE_URL + /console/. */
    CONSOLE_URL: optional(url()),
    /** Invitations: Cognito emails them (deployed), or the API returns the link to hand over (local platform, tests). */
    CONSOLE_INVITATIONS: withDefault(oneOf(['email', 'link']), 'email'),
    /** A console session ends this long after sign-in, whatever is done with it. */
    CONSOLE_SESSION_HOURS: withDefault(num(0.01, 24), 8),
    /** …and this long after its last request (PCI DSS 8.2.8: at most 15 minutes idle). */
    CONSOLE_IDLE_MINUTES: withDefault(num(1, 15), 15),
    /**
     * The value the stage's CloudFront sends to the console API in X-Console-Origin-Verify: with it the request came
     * through CloudFront, and CloudFront-Viewer-Address names the viewer. Unset: that header is never trusted.
     */
    CONSOLE_ORIGIN_VERIFY: optional(text()),
    /**
     * The value the stage's API distribution sends in x-platform-origin-verify (shared/entry/http/edge-origin.ts): set, a public
     * route refuses requests without it (they bypassed the web ACL) and reads the client's address from CloudFront.
     */
    EDGE_ORIGIN_VERIFY: optional(text()),
    /** `allow`: requests without that value are served too, with API Gateway's address (a migration's weeks). */
    EDGE_DIRECT_CALLS: optional(oneOf(['allow'])),
    LOG_LEVEL: withDefault(oneOf(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']), 'INFO'),
    /** CloudWatch EMF metrics (payments by action and result, callback deliveries, latency). Off locally and in tests. */
    METRICS_ENABLED: flag(),
    /**
     * How payment items are written (shared/adapters/aws/payment-item.ts); both forms are read. `full` also writes what
     * `compact` leaves to the key and the rest of the item (transId, the payer's field names, history dates), which
     * code before the compact form (commit d46709d, 2026-11-27) needs: a stage deployed before it is upgraded by one
     * deploy with `-c paymentItemForm=full`, then one without it (docs/deploy-reference.md).
     */
    PAYMENT_ITEM_FORM: withDefault(oneOf(PAYMENT_ITEM_FORMS), 'compact'),
  }) satisfies Fields;

let schema: ReturnType<typeof buildSchema> | undefined;

export type Config = Read<ReturnType<typeof buildSchema>>;

let cached: Config | undefined;

export function getConfig(): Config {
  if (!cached) {
    const parsed = readFields((schema ??= buildSchema()), process.env);
    if (!parsed.ok) throw new Error(`Invalid platform configuration: ${parsed.problems}`);
    // Live money never runs on a clock an operator can move (docs/test-clock.md).
    if (parsed.value.STAGE_KIND === 'live' && parsed.value.TEST_CLOCK)
      throw new Error('Invalid platform configuration: TEST_CLOCK: a live stage (STAGE_KIND=live) has no test clock');
    cached = parsed.value;
  }
  return cached;
}

/** The local platform and tests set the environment, then call this so the next getConfig() re-reads it. */
export function resetConfig(): void {
  cached = undefined;
}

/** Environment variable names, for the code that sets them (CDK stacks, local platform). */
export type ConfigVariable = keyof ReturnType<typeof buildSchema>;

const launcherSchema = {
  PORT: withDefault(int(0, 65535), 3000),
  LOCAL_DATA_DIR: withDefault(text(), '.local'),
  SANDBOX_NOTIFICATION_URL: optional(url()),
  /** The local console's operator account, created on first start (docs/console.md). */
  CONSOLE_OPERATOR_EMAIL: withDefault(email(), 'operator@example.com'),
  /** Runs every schedule (outbox sweeper, reconciler, schedule runner) this often instead of its deployed rate. */
  LOCAL_SCHEDULE_SECONDS: optional(int(1, 3600)),
} satisfies Fields;

export type LauncherConfig = Read<typeof launcherSchema>;

/** Settings of `npm start` (the local platform launcher), parsed the same way. */
export function getLauncherConfig(): LauncherConfig {
  const parsed = readFields(launcherSchema, process.env);
  if (!parsed.ok) throw new Error(`Invalid launcher settings: ${parsed.problems}`);
  return parsed.value;
}
