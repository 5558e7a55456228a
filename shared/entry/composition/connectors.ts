/** Acquirer connectors, each bound to a MID when used (shared/adapters/connectors/index.ts); tests may put their own in. */
import { buildConnectors } from '../../adapters/connectors/index.js';
import type { ConnectorRegistry } from '../../ports/connector.js';
import { config } from './core.js';
import { merchants } from './merchants.js';
import { secrets } from './secrets.js';
import { port } from './port.js';

/** Kept across resetDeps, so a restarted platform keeps a test's connectors. */
let injected: ConnectorRegistry | undefined;

const configured: () => ConnectorRegistry = /* @__PURE__ */ port(() =>
  buildConnectors({ config: config(), merchants: merchants(), credentials: secrets()['merchant-secrets'] }),
);

export const connectors = (): ConnectorRegistry => injected ?? configured();

/**
 * Tests: the connectors every handler of this process uses from now on (a recording or failing connector, built with
 * ConnectorCatalogue); undefined returns to the configured ones.
 */
export function injectConnectors(registry: ConnectorRegistry | undefined): void {
  injected = registry;
}
