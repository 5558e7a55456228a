/**
 * Composition root: builds the adapters once per container from the parsed config.
 * Operations receive these as ports; only this file and shared/adapters know they are AWS services.
 */
import { randomUUID } from 'node:crypto';
import { getConfig, type Config } from './config.js';
import { DynamoPaymentStore } from './adapters/dynamo-payment-store.js';
import { DynamoMerchantDirectory } from './adapters/dynamo-merchant-directory.js';
import { kmsSecretBoxes } from './adapters/kms-secret-box.js';
import { SqsCallbackQueue } from './adapters/sqs-callback-queue.js';
import type { PaymentStore } from './ports/payment-store.js';
import type { MerchantDirectory } from './ports/merchant-directory.js';
import type { SecretBoxes } from './ports/secret-box.js';
import type { CallbackQueue } from './ports/callback-queue.js';
import { systemClock, type Clock, type TestClockStore } from './ports/clock.js';
import { DynamoTestClockStore } from './adapters/dynamo-test-clock.js';
import { OffsetClock } from './operations/clock/offset-clock.js';
import { DynamoCheckoutSessionStore } from './adapters/dynamo-checkout-sessions.js';
import type { CheckoutSessionStore } from './ports/checkout-sessions.js';
import { DynamoCardVault } from './adapters/dynamo-card-vault.js';
import type { CardVault } from './ports/card-vault.js';
import { DynamoScheduleStore } from './adapters/dynamo-schedules.js';
import { SqsRecurringChargeQueue } from './adapters/sqs-recurring-charges.js';
import type { RecurringChargeQueue, ScheduleStore } from './ports/schedules.js';
import { DynamoWalletConfigStore } from './adapters/dynamo-wallet-config.js';
import type { WalletConfigStore } from './ports/wallet-config.js';
import { DynamoWalletTokenReplays } from './adapters/dynamo-wallet-token-replays.js';
import type { WalletTokenReplays } from './ports/wallet-token-replays.js';
import { DynamoProviderSecrets } from './adapters/dynamo-provider-secrets.js';
import type { ProviderSecretStore } from './ports/provider-secrets.js';
import type { ConnectorRegistry } from './ports/connector.js';
import { buildConnectors } from './connectors/index.js';
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
  /** APM providers' webhook secrets (X-Provider-Signature). */
  providerSecrets: ProviderSecretStore;
  /** Acquirer connectors, each bound to a MID when used (shared/connectors/index.ts). */
  connectors: ConnectorRegistry;
  /** One-time wake-ups for APM deadlines (QR lifetime, bank window); locally the sweeper's poller alone. */
  deadlineTimers: DeadlineTimers;
}

let current: Deps | undefined;
/** Connectors a test injected (injectConnectors); kept across resetDeps so a restarted platform keeps them. */
let injectedConnectors: ConnectorRegistry | undefined;

export function deps(): Deps {
  if (current) return current;
  const config = getConfig();
  const secrets = kmsSecretBoxes(config);
  const testClock = new DynamoTestClockStore(config.TABLE_NAME);
  const merchants = new DynamoMerchantDirectory(config.TABLE_NAME, secrets['merchant-secrets'], config.CONFIG_CACHE_TTL_SECONDS * 1000);
  current = {
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
    providerSecrets: new DynamoProviderSecrets(config.TABLE_NAME, secrets['merchant-secrets']),
    connectors: injectedConnectors ?? buildConnectors({ config, merchants, credentials: secrets['merchant-secrets'] }),
    deadlineTimers: schedulerDeadlineTimers(config) ?? pollerOnlyTimers,
  };
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
 * For the HTTP wrapper, which runs before a handler and must not fail where the handler would not: an invalid
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
