/** APM providers, by brand, name or notification slug (shared/adapters/connectors/index.ts buildApmConnectors). */
import { buildApmConnectors } from '../../adapters/connectors/index.js';
import type { ApmConnectorRegistry } from '../../ports/apm-connector.js';
import { config } from './core.js';
import { port } from './port.js';

let injected: ApmConnectorRegistry | undefined;

const configured: () => ApmConnectorRegistry = /* @__PURE__ */ port(() => buildApmConnectors(config().STAGE_KIND));

export const apmConnectors = (): ApmConnectorRegistry => injected ?? configured();

/** Tests: the APM providers every handler of this process uses from now on (ApmConnectorCatalogue); undefined: the configured ones. */
export function injectApmConnectors(registry: ApmConnectorRegistry | undefined): void {
  injected = registry;
}
