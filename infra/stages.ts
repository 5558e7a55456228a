/**
 * Per-stage settings, in one place. Unknown stage names (feature stacks, personal sandboxes) get dev-like
 * settings so nothing they create outlives the stack.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { ON_DEMAND, type TableCapacity } from './table-capacity.js';
import type { PaymentItemForm } from '../shared/config.js';

export type WalletTrust = Partial<
  Record<'GOOGLE_PAY_ROOT_KEYS_PRODUCTION' | 'GOOGLE_PAY_ROOT_KEYS_TEST' | 'APPLE_PAY_ROOT_CA_PRODUCTION' | 'APPLE_PAY_ROOT_CA_TEST' | 'GOOGLE_PAY_GATEWAY_ID', string>
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
  /** A sandbox stage also serves the sandbox-only routes (the hosted-fields demo page, shared/routes). */
  sandbox: boolean;
  logRetention: RetentionDays;
  lambda: {
    memoryMb: number;
    timeoutSeconds: number;
    /** Longest a queue consumer may run; must stay below its queue's visibility timeout. */
    consumerTimeoutSeconds: number;
    /** undefined = no reserved concurrency (the account pool). */
    reservedConcurrency: number | undefined;
  };
  /** Values the functions read through shared/config.ts. */
  runtime: {
    logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
    configCacheTtlSeconds: number;
    callbackTimeoutMs: number;
    /** Share of invocations traced in detail (TRACE_SAMPLE_RATE, shared/middleware/tracing.ts): never all of them. */
    traceSampleRate: number;
    /**
     * Wallet trust roots (Google Pay root signing keys, Apple Pay root CA) and gateway id, per stage, from the
     * deployer (`-c walletTrustFile=wallet-trust.json`, see docs/wallets.md). Without them wallet tokens are refused.
     */
    walletTrust?: WalletTrust;
    /** PAYMENT_ITEM_FORM (shared/config.ts): `full` for the first deploy of a stage upgraded from before d46709d. */
    paymentItemForm?: PaymentItemForm;
  };
  api: {
    throttleRateLimit: number;
    throttleBurstLimit: number;
    /**
     * Reserved concurrency of each public route's function, so a flood on one route cannot take the account's
     * concurrency from the others (and none can take more than this). undefined = none: new accounts' small
     * default quotas leave nothing to reserve, so dev stages do without.
     */
    reservedConcurrencyPerRoute: number | undefined;
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

const dev: Omit<StageSettings, 'stage'> = {
  removalPolicy: RemovalPolicy.DESTROY,
  deletionProtection: false,
  pointInTimeRecovery: true,
  tableCapacity: ON_DEMAND,
  sandbox: true,
  logRetention: RetentionDays.ONE_WEEK,
  lambda: { memoryMb: 512, timeoutSeconds: 10, consumerTimeoutSeconds: 30, reservedConcurrency: undefined },
  runtime: { logLevel: 'DEBUG', configCacheTtlSeconds: 5, callbackTimeoutMs: 5000, traceSampleRate: 0.2 },
  api: { throttleRateLimit: 50, throttleBurstLimit: 100, reservedConcurrencyPerRoute: undefined },
  alarms: { period: Duration.minutes(5), dlqVisibleMessages: 0, lambdaErrors: 5, tableThrottleEvents: 0 },
};

const KNOWN: Record<string, Omit<StageSettings, 'stage'>> = {
  dev,
  staging: {
    ...dev,
    // Staging mirrors production's surface.
    sandbox: false,
    logRetention: RetentionDays.ONE_MONTH,
    runtime: { ...dev.runtime, logLevel: 'INFO', configCacheTtlSeconds: 30, traceSampleRate: 0.1 },
    api: { throttleRateLimit: 200, throttleBurstLimit: 400, reservedConcurrencyPerRoute: 5 },
    alarms: { ...dev.alarms, lambdaErrors: 1 },
  },
  prod: {
    ...dev,
    sandbox: false,
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    logRetention: RetentionDays.THREE_MONTHS,
    runtime: { ...dev.runtime, logLevel: 'INFO', configCacheTtlSeconds: 30, traceSampleRate: 0.05 },
    // 31 routes x 20 = 620 of the default 1000, leaving the consumers and the required 100 unreserved.
    api: { throttleRateLimit: 1000, throttleBurstLimit: 2000, reservedConcurrencyPerRoute: 20 },
    alarms: { ...dev.alarms, period: Duration.minutes(1), lambdaErrors: 0 },
  },
};

/** Stage names become resource-name prefixes, so keep them short and DNS-like. */
const STAGE_NAME = /^[a-z][a-z0-9-]{0,19}$/;

export function stageSettings(stage: string): StageSettings {
  if (!STAGE_NAME.test(stage)) {
    throw new Error(`Invalid stage name "${stage}": use 1-20 lowercase letters, digits or '-', starting with a letter`);
  }
  return { stage, ...(KNOWN[stage] ?? dev) };
}
