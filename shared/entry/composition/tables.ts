/**
 * The port table several features compose: a card payment's cores. Each feature names the tables its handlers
 * compose in its functions/<feature>/ports.ts, re-exporting this one where its operations run the payment cores;
 * test/infra/composition.test.ts checks every function's table against the ports its bundled code reads. A table of
 * these cores and more is `paymentPortsAnd({...})` called as pure: esbuild keeps a bare spread it cannot prove
 * harmless, and with it the ports of a table no handler of the bundle uses, but drops an unused pure call.
 */
import type { PortTable } from './compose.js';
import { clock, config, newId } from './core.js';
import { secrets } from './secrets.js';
import { merchants } from './merchants.js';
import { payments } from './payments.js';
import { callbackQueue } from './callback-queue.js';
import { cardVault } from './card-vault.js';
import { connectors } from './connectors.js';
import { schedules } from './schedules.js';
import { risk } from './risk.js';

/**
 * A card payment's cores: reserve, ask the connector, record the outcome and its callback (CAPTURE, 3DS, a recurring
 * run, a provider's notification, …); the risk counters, as a decline at a 3DS step's completion is counted
 * (docs/risk.md).
 */
export const PAYMENT_PORTS = {
  config,
  clock,
  newId,
  payments,
  merchants,
  secrets,
  callbackQueue,
  cardVault,
  connectors,
  schedules,
  risk,
} satisfies PortTable;

/** The payment cores and a feature's own ports. Call it marked pure (see above) so that a bundle not composing it drops it. */
export function paymentPortsAnd<T extends PortTable>(extra: T): typeof PAYMENT_PORTS & T {
  return { ...PAYMENT_PORTS, ...extra };
}
