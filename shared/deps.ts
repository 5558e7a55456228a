/**
 * The composition root: the one place that builds adapters from the parsed config and hands them to the operations
 * as ports. Only this file (and scripts/) imports shared/adapters. Built once per container; the parts only some
 * functions use (callback delivery, the reconciler, the sweepers' work lists) are built on first use, so a function
 * constructs only what it touches.
 */
import { randomUUID } from 'node:crypto';
import { getConfig, type Config } from './config.js';
import { QUEUES } from './resources.js';
import { DynamoPaymentStore } from './adapters/dynamo-payment-store.js';
import { DynamoMerchantDirectory } from './adapters/dynamo-merchant-directory.js';
import { kmsSecretBoxes } from './adapters/kms-secret-box.js';
import { SqsCallbackQueue, crashPoint, parseMessage } from './adapters/sqs-callback-queue.js';
import { DynamoTestClockStore } from './adapters/dynamo-test-clock.js';
import { DynamoCheckoutSessionStore } from './adapters/dynamo-checkout-sessions.js';
import { DynamoCardVault } from './adapters/dynamo-card-vault.js';
import { DynamoScheduleStore } from './adapters/dynamo-schedules.js';
import { SqsRecurringChargeQueue, parseRecurringChargeMessage } from './adapters/sqs-recurring-charges.js';
import { DynamoWalletConfigStore } from './adapters/dynamo-wallet-config.js';
import { DynamoWalletTokenReplays } from './adapters/dynamo-wallet-token-replays.js';
import { DynamoChargebackIndex } from './adapters/dynamo-chargeback-index.js';
import { DynamoConsoleCounters } from './adapters/dynamo-console-counters.js';
import { tableChanges } from './adapters/stream-changes.js';
import { DynamoProviderSecrets } from './adapters/dynamo-provider-secrets.js';
import { DynamoCallbackOutbox } from './adapters/dynamo-callback-outbox.js';
import { DynamoDeliveryLog } from './adapters/dynamo-delivery-log.js';
import { DynamoUrlHealth } from './adapters/dynamo-url-health.js';
import { DynamoCallbackSecrets } from './adapters/dynamo-callback-secrets.js';
import { DynamoUndeterminedPayments } from './adapters/dynamo-undetermined-payments.js';
import { DynamoSealedCards } from './adapters/dynamo-sealed-cards.js';
import { dueApmDeadlines } from './adapters/dynamo-apm-deadlines.js';
import { tableStatus } from './adapters/dynamo-table-health.js';
import type { PaymentStore } from './ports/payment-store.js';
import type { MerchantDirectory } from './ports/merchant-directory.js';
import type { SecretBoxes } from './ports/secret-box.js';
import type { CallbackQueue } from './ports/callback-queue.js';
import { systemClock, type Clock, type TestClockStore } from './ports/clock.js';
import type { CheckoutSessionStore } from './ports/checkout-sessions.js';
import type { CardVault } from './ports/card-vault.js';
import type { RecurringChargeQueue, ScheduleStore } from './ports/schedules.js';
import type { WalletConfigStore } from './ports/wallet-config.js';
import type { WalletTokenReplays } from './ports/wallet-token-replays.js';
import type { ChargebackIndex } from './ports/chargeback-index.js';
import type { ProviderSecretStore } from './ports/provider-secrets.js';
import type { SealedCards } from './ports/sealed-cards.js';
import type { ApmDeadlines } from './ports/apm-deadlines.js';
import type { TableHealth } from './ports/table-health.js';
import type { ConnectorRegistry } from './ports/connector.js';
import type { ApmConnectorRegistry } from './ports/apm-connector.js';
import { buildApmConnectors, buildConnectors } from './connectors/index.js';
import { OffsetClock } from './operations/clock/offset-clock.js';
import { SigningSecrets } from './operations/callbacks/signing-secrets.js';
import { callbackAddresses } from './operations/callbacks/address-policy.js';
import type { CallbackContext } from './operations/callbacks/context.js';
import type { ReconcileContext } from './operations/reconciliation/reconcile.js';

import { DynamoConsoleUsers } from './adapters/dynamo-console-users.js';
import { DynamoConsoleSessions, DynamoPendingSignIns } from './adapters/dynamo-console-sessions.js';
import { DynamoAuditLog } from './adapters/dynamo-console-audit.js';
import { DynamoConsolePayments } from './adapters/dynamo-console-payments.js';
import { DynamoConsoleSchedules } from './adapters/dynamo-console-schedules.js';
import { CognitoConsoleIdentity } from './adapters/cognito-identity.js';
import type { ConsoleIdentity } from './ports/console-identity.js';
import type { ConsoleContext } from './operations/console/console-deps.js';
import { ConsoleAuthError } from './operations/console/errors.js';
import { pollerOnlyTimers, type DeadlineTimers } from './ports/deadline-timers.js';
import { schedulerDeadlineTimers } from './adapters/scheduler-client.js';

export interface Deps {
  config: Config;
  payments: PaymentStore;
  merchants: MerchantDirectory;
  /** One box per purpose (card-data, merchant-secrets, wallet-keys). */
  secrets: SecretBoxes;
  callbackQueue: CallbackQueue;
  /** The real time, or on a sandbox the test clock's time (docs/test-clock.md). */
  clock: Clock;
  testClock: TestClockStore;
  newId: () => string;
  checkoutSessions: CheckoutSessionStore;
  cardVault: CardVault;
  schedules: ScheduleStore;
  recurringQueue: RecurringChargeQueue;
  walletConfigs: WalletConfigStore;
  walletTokens: WalletTokenReplays;
  /** A merchant's chargebacks, an entry written with each (console listing). */
  chargebacks: ChargebackIndex;
  /** APM providers' webhook secrets (X-Provider-Signature). */
  providerSecrets: ProviderSecretStore;
  /** Acquirer connectors, each bound to a MID when used (shared/connectors/index.ts). */
  connectors: ConnectorRegistry;
  /** APM providers, by brand, name or notification slug (shared/connectors/index.ts buildApmConnectors). */
  apmConnectors: ApmConnectorRegistry;
  /** Built on first use: callback delivery, replay and the outbox sweeper (docs/callbacks.md). */
  readonly callbacks: CallbackContext;
  /** Built on first use: the reconciler of transactions the acquirer never answered (docs/reconciliation.md). */
  readonly reconciliation: ReconcileContext;
  /** Built on first use: hosted-fields cards whose window passed (the SealedCardSweeper). */
  readonly sealedCards: SealedCards;
  /** Built on first use: APM payments whose QR or bank-transfer window passed. */
  readonly apmDeadlines: ApmDeadlines;
  readonly tableHealth: TableHealth;
  /** One-time wake-ups for APM deadlines (QR lifetime, bank window); locally the sweeper's poller alone. */
  deadlineTimers: DeadlineTimers;
}

/** Payments the reconciler looks at per run (the next run continues). */
const RECONCILE_BATCH_SIZE = 50;

/** Defines `key` as a property computed on first read, then kept (so a test may change the built object). */
function lazy<T extends object, K extends keyof T>(target: T, key: K, build: () => T[K]): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = build();
      Object.defineProperty(target, key, { value, enumerable: true, writable: false, configurable: false });
      return value;
    },
  });
}

type BuiltOnFirstUse = 'callbacks' | 'reconciliation' | 'sealedCards' | 'apmDeadlines' | 'tableHealth';

function build(config: Config): Deps {
  const secrets = kmsSecretBoxes(config);
  const testClock = new DynamoTestClockStore(config.TABLE_NAME);
  const merchants = new DynamoMerchantDirectory(config.TABLE_NAME, secrets['merchant-secrets'], config.CONFIG_CACHE_TTL_SECONDS * 1000);
  const eager: Omit<Deps, BuiltOnFirstUse> = {
    config,
    payments: new DynamoPaymentStore(config.TABLE_NAME, undefined, config.IDEMPOTENCY_LOCK_SECONDS * 1000),
    merchants,
    secrets,
    callbackQueue: new SqsCallbackQueue(config.CALLBACK_QUEUE_URL),
    // A production stage never reads the test clock, whatever the table holds.
    // At most 5 s stale: someone who just moved the clock expects the next page to see it (merchant config may lag 30 s).
    clock: config.TEST_CLOCK ? new OffsetClock(testClock, Math.min(config.CONFIG_CACHE_TTL_SECONDS, 5) * 1000) : systemClock,
    testClock,
    newId: randomUUID,
    checkoutSessions: new DynamoCheckoutSessionStore(config.TABLE_NAME),
    cardVault: new DynamoCardVault(config.TABLE_NAME, secrets['card-data']),
    schedules: new DynamoScheduleStore(config.TABLE_NAME),
    recurringQueue: new SqsRecurringChargeQueue(config.RECURRING_QUEUE_URL),
    walletConfigs: new DynamoWalletConfigStore(config.TABLE_NAME),
    walletTokens: new DynamoWalletTokenReplays(config.TABLE_NAME),
    chargebacks: new DynamoChargebackIndex(config.TABLE_NAME),
    providerSecrets: new DynamoProviderSecrets(config.TABLE_NAME, secrets['merchant-secrets']),
    connectors: injectedConnectors ?? buildConnectors({ config, merchants, credentials: secrets['merchant-secrets'] }),
    apmConnectors: injectedApmConnectors ?? buildApmConnectors(),
    deadlineTimers: schedulerDeadlineTimers(config) ?? pollerOnlyTimers,
  };
  const d = eager as Deps;
  lazy(d, 'callbacks', () => ({
    outbox: new DynamoCallbackOutbox(config.TABLE_NAME),
    log: new DynamoDeliveryLog(config.TABLE_NAME),
    urlHealth: new DynamoUrlHealth(config.TABLE_NAME),
    secrets: new SigningSecrets(new DynamoCallbackSecrets(config.TABLE_NAME), secrets['merchant-secrets'], config.CONFIG_CACHE_TTL_SECONDS * 1000),
    queue: new SqsCallbackQueue(config.CALLBACK_QUEUE_URL, config.CALLBACK_DLQ_URL),
    clock: d.clock,
    newId: d.newId,
    retry: { delaysSeconds: config.CALLBACK_RETRY_DELAYS_SECONDS, maxReceiveCount: QUEUES.callbacks.maxReceiveCount },
    pause: { timeouts: config.CALLBACK_PAUSE_AFTER_TIMEOUTS, windowSeconds: config.CALLBACK_PAUSE_WINDOW_SECONDS, pauseSeconds: config.CALLBACK_PAUSE_SECONDS },
    timeoutMs: config.CALLBACK_TIMEOUT_MS,
    addressPolicy: callbackAddresses(config),
    leaseMs: 2 * config.CALLBACK_TIMEOUT_MS + 2000,
    sweepGraceSeconds: config.CALLBACK_SWEEP_GRACE_SECONDS,
    secretOverlapSeconds: config.CALLBACK_SECRET_OVERLAP_SECONDS,
    crashPoint,
  }));
  lazy(d, 'reconciliation', () => ({
    deps: d,
    undetermined: new DynamoUndeterminedPayments(config.TABLE_NAME),
    graceSeconds: config.RECONCILE_GRACE_SECONDS,
    giveUpSeconds: config.RECONCILE_GIVE_UP_SECONDS,
    batchSize: RECONCILE_BATCH_SIZE,
  }));
  lazy(d, 'sealedCards', () => new DynamoSealedCards(config.TABLE_NAME));
  lazy(d, 'apmDeadlines', () => ({ dueBefore: (now: string, limit?: number) => dueApmDeadlines(config.TABLE_NAME, now, limit) }));
  lazy(d, 'tableHealth', () => ({ status: () => tableStatus(config.TABLE_NAME) }));
  return d;
}

let current: Deps | undefined;
/** Connectors a test injected (injectConnectors); kept across resetDeps so a restarted platform keeps them. */
let injectedConnectors: ConnectorRegistry | undefined;
let injectedApmConnectors: ApmConnectorRegistry | undefined;

export function deps(): Deps {
  current ??= build(getConfig());
  return current;
}

/**
 * Tests: the connectors every handler of this process uses from now on (a recording or failing connector, built with
 * ConnectorCatalogue); undefined returns to the configured ones.
 */
export function injectConnectors(registry: ConnectorRegistry | undefined): void {
  injectedConnectors = registry;
  if (current) current.connectors = registry ?? buildConnectors({ config: current.config, merchants: current.merchants, credentials: current.secrets['merchant-secrets'] });
}

/** Tests: the APM providers every handler of this process uses from now on (ApmConnectorCatalogue); undefined: the configured ones. */
export function injectApmConnectors(registry: ApmConnectorRegistry | undefined): void {
  injectedApmConnectors = registry;
  if (current) current.apmConnectors = registry ?? buildApmConnectors();
}

/** The callback feature's part of deps() (tests and the admin CLI). */
export const callbackDeps = (): CallbackContext => deps().callbacks;

/** The reconciler's part of deps(). */
export const reconciliationDeps = (): ReconcileContext => deps().reconciliation;

/**
 * How the consumers read the messages of the queues they consume: the adapter that writes a message also reads it,
 * so a handler decodes an SQS record without knowing the queue is SQS.
 */
export const queueMessages = { callback: parseMessage, recurringCharge: parseRecurringChargeMessage };

/**
 * deps() with a fresh reading of the test clock, for the invocations that decide by time: forced for the runners
 * (they exist to act on the time an operator just moved to), the brief cache for requests.
 */
export async function depsWithClock(opts: { force?: boolean } = {}): Promise<Deps> {
  const d = deps();
  await d.clock.refresh?.(opts);
  return d;
}

/**
 * For the HTTP middleware, which runs before a handler and must not fail where the handler would not: an invalid
 * configuration is left for the handler's own deps() call to report, through its error mapping.
 */
export async function refreshClockForRequest(): Promise<void> {
  let d: Deps;
  try {
    d = deps();
  } catch {
    return;
  }
  await d.clock.refresh?.();
}

export function resetDeps(): void {
  current = undefined;
}

let currentConsole: { base: Deps; cx: ConsoleContext } | undefined;

/** The console's part of the composition root, rebuilt when deps() is (the local platform or a test resets it). */
export function consoleDeps(): ConsoleContext {
  const d = deps();
  if (currentConsole?.base === d) return currentConsole.cx;
  const { config } = d;
  let identity: ConsoleIdentity | undefined;
  const cx: ConsoleContext = {
    d,
    users: new DynamoConsoleUsers(config.TABLE_NAME),
    // Sessions end by the real time: moving a sandbox's test clock must not sign people out (or in).
    sessions: new DynamoConsoleSessions(config.TABLE_NAME),
    pending: new DynamoPendingSignIns(config.TABLE_NAME),
    audit: new DynamoAuditLog(config.TABLE_NAME),
    paymentIndex: new DynamoConsolePayments(config.TABLE_NAME),
    scheduleIndex: new DynamoConsoleSchedules(config.TABLE_NAME),
    counters: new DynamoConsoleCounters(config.TABLE_NAME),
    tableChanges,
    identity() {
      if (identity) return identity;
      if (!config.CONSOLE_USER_POOL_ID || !config.CONSOLE_USER_POOL_CLIENT_ID) throw new ConsoleAuthError('The console has no user pool on this stage.');
      identity = new CognitoConsoleIdentity(config, config.CONSOLE_USER_POOL_ID, config.CONSOLE_USER_POOL_CLIENT_ID);
      return identity;
    },
    callbacks: () => d.callbacks,
  };
  currentConsole = { base: d, cx };
  return cx;
}
