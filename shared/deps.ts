/**
 * The whole composition: every port of Deps, for the local platform's scripts, the admin CLI and tests. Functions do
 * not import this module: each handler composes only the ports it uses (shared/composition, composition()), so its
 * bundle carries no other adapter or SDK client. How each port is built lives in its module in shared/composition;
 * operations declare the ports they read (`Pick<Deps, …>`, shared/operations/deps.ts) and never import this module.
 */
import type { CallbackContext } from './operations/callbacks/context.js';
import type { ReconcileContext } from './operations/reconciliation/reconcile.js';
import type { Composed } from './composition/composed.js';
import type { ConsoleContext } from './operations/console/console-deps.js';
import { composition } from './composition/compose.js';
import { withFreshClock } from './composition/fresh-clock.js';
import { resetPorts } from './composition/port.js';
import { clock, config, newId, testClock } from './composition/core.js';
import { secrets } from './composition/secrets.js';
import { merchants } from './composition/merchants.js';
import { payments } from './composition/payments.js';
import { callbackQueue } from './composition/callback-queue.js';
import { checkoutSessions } from './composition/checkout-sessions.js';
import { cardVault } from './composition/card-vault.js';
import { schedules } from './composition/schedules.js';
import { parseRecurringCharge, recurringQueue } from './composition/recurring-queue.js';
import { walletConfigs, walletTokens } from './composition/wallets.js';
import { providerSecrets } from './composition/provider-secrets.js';
import { chargebacks } from './composition/chargebacks.js';
import { connectors } from './composition/connectors.js';
import { apmConnectors } from './composition/apm-connectors.js';
import { callbacks, parseCallbackMessage } from './composition/callbacks.js';
import { reconciliation } from './composition/reconciliation.js';
import { apmDeadlines, sealedCards, tableHealth } from './composition/sweepers.js';
import { deadlineTimers } from './composition/deadline-timers.js';
import { risk } from './composition/risk.js';
import { consoleContext } from './composition/console.js';
import { consoleIdentity } from './composition/console-identity.js';
import { apiKeys } from './composition/api-keys.js';

export { injectConnectors } from './composition/connectors.js';
export { injectApmConnectors } from './composition/apm-connectors.js';
export { refreshClockForRequest } from './composition/core.js';

export type { Deps } from './operations/deps.js';
export type { Composed } from './composition/composed.js';

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
  deadlineTimers,
  apiKeys,
  risk,
});

/** The callback feature's part of deps() (tests and the admin CLI). */
export const callbackDeps = (): CallbackContext => deps().callbacks;

/** The reconciler's part of deps(). */
export const reconciliationDeps = (): ReconcileContext => deps().reconciliation;

/** How the consumers read the messages of the queues they consume (shared/composition/callbacks.ts, recurring-queue.ts). */
export const queueMessages = { callback: parseCallbackMessage, recurringCharge: parseRecurringCharge };

/** deps() with a fresh reading of the test clock (shared/composition/compose.ts withFreshClock). */
export const depsWithClock = (opts: { force?: boolean } = {}): Promise<Composed> => withFreshClock(deps(), opts);

/** Every port is built again on next use (the local platform and tests call this after changing the environment). */
export function resetDeps(): void {
  resetPorts();
}

/** The console's part of the composition, over every port and the Cognito identity. */
export const consoleDeps = (): ConsoleContext<Composed> => consoleContext(deps(), consoleIdentity);
