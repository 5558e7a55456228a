/**
 * Per-stage settings, in one place. Every stage is of one kind (docs/security.md "Test and live"):
 *   live     real money: no sandbox connector, no test clock, no demo page; the table and the logs are kept
 *   sandbox  made-up outcomes (sandbox connectors, test clock, demo pages); nothing outlives the stack
 * `prod` and `staging` are live and `dev` and `local` sandboxes unless `-c kind=` says otherwise; any other name
 * must say which it is, so a `production` stack never comes up as a sandbox by a typo.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { ON_DEMAND, type TableCapacity } from './table-capacity.js';
import { DEFAULT_CONCURRENCY_QUOTA, UNRESERVED_MINIMUM } from './concurrency.js';
import type { Throttle } from './api-throttle.js';
import { STAGE_KINDS, type PaymentItemForm, type StageKind } from '../shared/lib/config.js';

export type WalletTrust = Partial<
  Record<
    | 'GOOGLE_PAY_ROOT_KEYS_PRODUCTION'
    | 'GOOGLE_PAY_ROOT_KEYS_TEST'
    | 'APPLE_PAY_ROOT_CA_PRODUCTION'
    | 'APPLE_PAY_ROOT_CA_TEST'
    | 'GOOGLE_PAY_GATEWAY_ID',
    string
  >
>;

export interface StageSettings {
  /** Also the prefix of every physical name (`${stage}-payments`, `${stage}-callbacks-dlq`, ...). */
  stage: string;
  /** Applied to the table, the KMS key, the queues and the log groups. */
  removalPolicy: RemovalPolicy;
  deletionProtection: boolean;
  pointInTimeRecovery: boolean;
  /** On-demand by default; provisioned with auto scaling by `-c tableCapacity=provisioned[:…]` (table-capacity.ts). */
  tableCapacity: TableCapacity;
  /**
   * live or sandbox. Only a sandbox serves the sandbox-only routes (the hosted-fields demo page, shared/entry/routes), has
   * a test clock and registers the sandbox connectors (its functions read it as STAGE_KIND).
   */
  kind: StageKind;
  /** `-c logRetentionDays=N`; 365 days on a live stage (PCI DSS 10.5.1: a year of audit history), a week on a sandbox. */
  logRetention: RetentionDays;
  lambda: {
    memoryMb: number;
    timeoutSeconds: number;
    /** Longest a queue consumer may run; must stay below its queue's visibility timeout. */
    consumerTimeoutSeconds: number;
    /** undefined = no reserved concurrency (the account pool). */
    reservedConcurrency: number | undefined;
    /**
     * Lambda's own log lines (START, END, REPORT: ~350 bytes an invocation, a third of a payment's log bill) are INFO;
     * WARN keeps only Lambda's warnings and errors (a timeout, an out-of-memory). Duration, memory and cold starts stay
     * in Lambda's CloudWatch metrics. `-c platformLogs=INFO|WARN`; WARN on a live stage.
     */
    platformLogs: 'INFO' | 'WARN';
  };
  /** Values the functions read through shared/lib/config.ts. */
  runtime: {
    logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
    configCacheTtlSeconds: number;
    callbackTimeoutMs: number;
    /**
     * Wallet trust roots (Google Pay root signing keys, Apple Pay root CA) and gateway id, per stage, from the
     * deployer (`-c walletTrustFile=wallet-trust.json`, see docs/wallets.md). Without them wallet tokens are refused.
     */
    walletTrust?: WalletTrust;
    /** PAYMENT_ITEM_FORM (shared/lib/config.ts): `full` for the first deploy of a stage upgraded from before d46709d. */
    paymentItemForm?: PaymentItemForm;
  };
  api: {
    throttleRateLimit: number;
    throttleBurstLimit: number;
    /** `-c routeThrottle=…`: routes whose throttle differs from the stage's (infra/api-throttle.ts). */
    routeThrottles: Readonly<Record<string, Throttle>>;
    /**
     * Reserved concurrency of each public (non-console) route's function, so a flood on one route cannot take the
     * account's concurrency from the others (and none can take more than this). undefined = none: new accounts'
     * small default quotas leave nothing to reserve, so sandboxes do without. `-c reservedConcurrency=N` (0: none).
     */
    reservedConcurrencyPerRoute: number | undefined;
    /**
     * The account's regional concurrency quota (`-c concurrencyQuota=N`, AWS's default 1,000). Synth refuses
     * reservations that would leave less than the 100 Lambda keeps unreserved (infra/concurrency.ts).
     */
    concurrencyQuota: number;
  };
  alarms: {
    period: Duration;
    /** Alarm when a DLQ holds more than this many visible messages. */
    dlqVisibleMessages: number;
    /** Alarm when a function reports more than this many errors in one period. */
    lambdaErrors: number;
    /** Alarm when the table or an index throttles more than this many requests in one period (a throttled SALE may fail). */
    tableThrottleEvents: number;
  };
}

/** A sandbox: on-demand, short logs, DEBUG, nothing kept when the stack goes. */
const sandbox: Omit<StageSettings, 'stage'> = {
  kind: 'sandbox',
  removalPolicy: RemovalPolicy.DESTROY,
  deletionProtection: false,
  pointInTimeRecovery: true,
  tableCapacity: ON_DEMAND,
  logRetention: RetentionDays.ONE_WEEK,
  lambda: { memoryMb: 512, timeoutSeconds: 10, consumerTimeoutSeconds: 30, reservedConcurrency: undefined, platformLogs: 'INFO' },
  runtime: { logLevel: 'DEBUG', configCacheTtlSeconds: 5, callbackTimeoutMs: 5000 },
  api: {
    throttleRateLimit: 50,
    throttleBurstLimit: 100,
    routeThrottles: {},
    reservedConcurrencyPerRoute: undefined,
    concurrencyQuota: DEFAULT_CONCURRENCY_QUOTA,
  },
  alarms: { period: Duration.minutes(5), dlqVisibleMessages: 0, lambdaErrors: 5, tableThrottleEvents: 0 },
};

/** A live stage: the table kept (RETAIN, deletion protection, point-in-time recovery), a year of logs, INFO. */
const live: Omit<StageSettings, 'stage'> = {
  ...sandbox,
  kind: 'live',
  removalPolicy: RemovalPolicy.RETAIN,
  deletionProtection: true,
  pointInTimeRecovery: true,
  logRetention: RetentionDays.ONE_YEAR,
  lambda: { ...sandbox.lambda, platformLogs: 'WARN' },
  runtime: { ...sandbox.runtime, logLevel: 'INFO', configCacheTtlSeconds: 30 },
  // 34 public routes x 10 = 340 of the default 1,000; the console's routes, the consumers and the required 100
  // unreserved share the rest (infra/concurrency.ts checks the total at synth).
  api: {
    ...sandbox.api,
    throttleRateLimit: 1000,
    throttleBurstLimit: 2000,
    reservedConcurrencyPerRoute: 10,
    concurrencyQuota: DEFAULT_CONCURRENCY_QUOTA,
  },
  alarms: { ...sandbox.alarms, period: Duration.minutes(1), lambdaErrors: 0 },
};

const BY_KIND: Record<StageKind, Omit<StageSettings, 'stage'>> = { live, sandbox };

/** The kind of the stages everyone has; any other name declares its own (`-c kind=live|sandbox`). */
export const DEFAULT_KINDS: Readonly<Record<string, StageKind>> = { prod: 'live', staging: 'live', dev: 'sandbox', local: 'sandbox' };

/** Named stages' own traffic settings on top of their kind's (the kind alone decides what is kept and served). */
const TRAFFIC: Record<string, (base: Omit<StageSettings, 'stage'>) => Partial<Omit<StageSettings, 'stage'>>> = {
  // Staging mirrors production's surface at a smaller scale.
  staging: (base) => ({
    api: {
      ...base.api,
      throttleRateLimit: 200,
      throttleBurstLimit: 400,
      reservedConcurrencyPerRoute: base.kind === 'live' ? 5 : undefined,
    },
    alarms: { ...base.alarms, period: Duration.minutes(5), lambdaErrors: 1 },
  }),
};

/** Stage names become resource-name prefixes, so keep them short and DNS-like. */
const STAGE_NAME = /^[a-z][a-z0-9-]{0,19}$/;

/** What the deployer may set per deploy (`cdk synth -c …`, infra/bin/app.ts). */
export interface StageOptions {
  /** `-c kind=live|sandbox`; required for a stage name without a default kind (DEFAULT_KINDS). */
  kind?: string;
  /** `-c logRetentionDays=N`: one of CloudWatch's retention periods. */
  logRetentionDays?: number;
  /** `-c reservedConcurrency=N`: per public route; 0 reserves none. */
  reservedConcurrency?: number;
  /** `-c concurrencyQuota=N`: the account's regional concurrency quota, if raised above AWS's default. */
  concurrencyQuota?: number;
  /** `-c platformLogs=INFO|WARN`: whether Lambda's START/END/REPORT lines are kept. */
  platformLogs?: string;
  /** `-c apiThrottle=RATE/BURST`: every public route's default throttle (infra/api-throttle.ts). */
  apiThrottle?: Throttle;
  /** `-c routeThrottle="METHOD /path=RATE/BURST,…"`: single routes' throttles. */
  routeThrottles?: Record<string, Throttle>;
}

/** The stage's kind: declared, or the default of a well-known name; refused otherwise. */
export function stageKind(stage: string, declared?: string): StageKind {
  if (declared !== undefined) {
    if (!(STAGE_KINDS as readonly string[]).includes(declared))
      throw new Error(`-c kind must be one of ${STAGE_KINDS.join(', ')}, not "${declared}"`);
    return declared as StageKind;
  }
  const kind = DEFAULT_KINDS[stage];
  if (!kind) {
    throw new Error(
      `Stage "${stage}" has no kind: say whether it moves real money with -c kind=live or -c kind=sandbox ` +
        `(only ${Object.keys(DEFAULT_KINDS).join(', ')} have a default; docs/security.md "Test and live")`,
    );
  }
  return kind;
}

const RETENTION_DAYS = Object.values(RetentionDays).filter((v): v is RetentionDays => typeof v === 'number' && v > 0);

function retention(days: number): RetentionDays {
  const match = RETENTION_DAYS.find((d) => d === days);
  if (match === undefined)
    throw new Error(`-c logRetentionDays must be one of CloudWatch's periods (${RETENTION_DAYS.join(', ')}), not ${days}`);
  return match;
}

function positiveInt(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) throw new Error(`-c ${name} must be a whole number of at least ${min}, not ${value}`);
  return value;
}

export function stageSettings(stage: string, options: StageOptions = {}): StageSettings {
  if (!STAGE_NAME.test(stage)) {
    throw new Error(`Invalid stage name "${stage}": use 1-20 lowercase letters, digits or '-', starting with a letter`);
  }
  const base = BY_KIND[stageKind(stage, options.kind)];
  const settings: StageSettings = { stage, ...base, ...TRAFFIC[stage]?.(base) };
  if (options.logRetentionDays !== undefined) settings.logRetention = retention(options.logRetentionDays);
  if (options.platformLogs !== undefined) {
    if (options.platformLogs !== 'INFO' && options.platformLogs !== 'WARN')
      throw new Error(`-c platformLogs must be INFO or WARN, not "${options.platformLogs}"`);
    settings.lambda = { ...settings.lambda, platformLogs: options.platformLogs };
  }
  if (options.reservedConcurrency !== undefined || options.concurrencyQuota !== undefined) {
    const perRoute =
      options.reservedConcurrency === undefined
        ? settings.api.reservedConcurrencyPerRoute
        : positiveInt('reservedConcurrency', options.reservedConcurrency, 0) || undefined;
    const quota =
      options.concurrencyQuota === undefined
        ? settings.api.concurrencyQuota
        : positiveInt('concurrencyQuota', options.concurrencyQuota, UNRESERVED_MINIMUM);
    settings.api = { ...settings.api, reservedConcurrencyPerRoute: perRoute, concurrencyQuota: quota };
  }
  if (options.apiThrottle)
    settings.api = { ...settings.api, throttleRateLimit: options.apiThrottle.rate, throttleBurstLimit: options.apiThrottle.burst };
  if (options.routeThrottles) settings.api = { ...settings.api, routeThrottles: options.routeThrottles };
  return settings;
}
