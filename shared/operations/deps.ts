/**
 * The ports an operation may ask for. Each operation declares the ones it uses (`Pick<Deps, 'payments' | …>`), so a
 * missing port is a compile error where the handler composes its ports. The values are built by the composition root
 * (shared/entry/composition/deps.ts, shared/entry/composition/), which operations never import. Feature contexts built over these ports (the
 * callback delivery, the reconciler) are no ports: shared/entry/composition/composed.ts adds them for the functions.
 */
import type { Config } from '../lib/config.js';
import type { PaymentStore } from '../ports/payment-store.js';
import type { MerchantDirectory } from '../ports/merchant-directory.js';
import type { ApiKeyStore } from '../ports/api-keys.js';
import type { SecretBoxes } from '../ports/secret-box.js';
import type { CallbackQueue } from '../ports/callback-queue.js';
import type { Clock, TestClockStore } from '../ports/clock.js';
import type { CheckoutSessionStore } from '../ports/checkout-sessions.js';
import type { CardVault } from '../ports/card-vault.js';
import type { RecurringChargeQueue, ScheduleStore } from '../ports/schedules.js';
import type { WalletConfigStore } from '../ports/wallet-config.js';
import type { WalletTokenReplays } from '../ports/wallet-token-replays.js';
import type { ChargebackIndex } from '../ports/chargeback-index.js';
import type { ProviderSecretStore } from '../ports/provider-secrets.js';
import type { SealedCards } from '../ports/sealed-cards.js';
import type { ApmDeadlines } from '../ports/apm-deadlines.js';
import type { TableHealth } from '../ports/table-health.js';
import type { ConnectorRegistry } from '../ports/connector.js';
import type { ApmConnectorRegistry } from '../ports/apm-connector.js';
import type { RiskAdmin, RiskStore } from '../ports/risk-store.js';

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
  /** Acquirer connectors, each bound to a MID when used (shared/adapters/connectors/index.ts). */
  connectors: ConnectorRegistry;
  /** APM providers, by brand, name or notification slug (shared/adapters/connectors/index.ts buildApmConnectors). */
  apmConnectors: ApmConnectorRegistry;
  /** Hosted-fields cards whose window passed (the SealedCardSweeper). */
  readonly sealedCards: SealedCards;
  /** APM payments whose QR or bank-transfer window passed. */
  readonly apmDeadlines: ApmDeadlines;
  readonly tableHealth: TableHealth;
  /** Merchants' API keys for the merchant API, by hash (docs/merchant-api.md). */
  apiKeys: ApiKeyStore;
  /** The risk check's counters and a merchant's thresholds (docs/risk.md). */
  risk: RiskStore;
  /** The same store as the console and the CLI change it: blocklists, thresholds, rules, BINs. */
  riskAdmin: RiskAdmin;
}
