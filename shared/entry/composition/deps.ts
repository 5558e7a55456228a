/**
 * The whole composition: every port of Deps, for the local platform's scripts, the admin CLI and tests. Functions do
 * not import this module: each handler composes only the ports it uses (shared/entry/composition, composition()), so its
 * bundle carries no other adapter or SDK client. How each port is built lives in its module in shared/entry/composition;
 * operations declare the ports they read (`Pick<Deps, …>`, shared/operations/deps.ts) and never import this module.
 */
import type { CallbackContext } from '../../operations/callbacks/context.js';
import type { ReconcileContext } from '../../operations/reconciliation/reconcile.js';
import type { Composed } from './composed.js';
import type { ConsoleContext } from '../../operations/console/console-deps.js';
import { composition } from './compose.js';
import { withFreshClock } from './fresh-clock.js';
import { resetPorts } from './port.js';
import { clock, config, newId, testClock } from './core.js';
import { secrets } from './secrets.js';
import { merchants } from './merchants.js';
import { payments } from './payments.js';
import { callbackQueue } from './callback-queue.js';
import { checkoutSessions } from './checkout-sessions.js';
import { cardVault } from './card-vault.js';
import { schedules } from './schedules.js';
import { parseRecurringCharge, recurringQueue } from './recurring-queue.js';
import { walletConfigs, walletTokens } from './wallets.js';
import { providerSecrets } from './provider-secrets.js';
import { chargebacks } from './chargebacks.js';
import { connectors } from './connectors.js';
import { apmConnectors } from './apm-connectors.js';
import { callbacks, parseCallbackMessage } from './callbacks.js';
import { reconciliation } from './reconciliation.js';
import { apmDeadlines, sealedCards, tableHealth } from './sweepers.js';
import { risk } from './risk.js';
import { riskAdmin } from './risk-admin.js';
import { consoleContext } from './console.js';
import { consoleIdentity } from './console-identity.js';
import { apiKeys } from './api-keys.js';

export { injectConnectors } from './connectors.js';
export { injectApmConnectors } from './apm-connectors.js';
export { refreshClockForRequest } from './core.js';

export type { Deps } from '../../operations/deps.js';
export type { Composed } from './composed.js';

/** Every port: a script or test may use any of them. */
export const deps: () => Composed = composition({
  config,
  payments,
  merchants,
  secrets,
  callbackQueue,
  clock,
  testClock,
  newId,
  checkoutSessions,
  cardVault,
  schedules,
  recurringQueue,
  walletConfigs,
  walletTokens,
  chargebacks,
  providerSecrets,
  connectors,
  apmConnectors,
  callbacks,
  reconciliation,
  sealedCards,
  apmDeadlines,
  tableHealth,
  apiKeys,
  risk,
  riskAdmin,
});

/** The callback feature's part of deps() (tests and the admin CLI). */
export const callbackDeps = (): CallbackContext => deps().callbacks;

/** The reconciler's part of deps(). */
export const reconciliationDeps = (): ReconcileContext => deps().reconciliation;

/** How the consumers read the messages of the queues they consume (shared/entry/composition/callbacks.ts, recurring-queue.ts). */
export const queueMessages = { callback: parseCallbackMessage, recurringCharge: parseRecurringCharge };

/** deps() with a fresh reading of the test clock (shared/entry/composition/compose.ts withFreshClock). */
export const depsWithClock = (opts: { force?: boolean } = {}): Promise<Composed> => withFreshClock(deps(), opts);

/** Every port is built again on next use (the local platform and tests call this after changing the environment). */
export function resetDeps(): void {
  resetPorts();
}

/** The console's part of the composition, over every port and the Cognito identity. */
export const consoleDeps = (): ConsoleContext<Composed> => consoleContext(deps(), consoleIdentity);
