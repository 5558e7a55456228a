/**
 * The ApmConnectorRegistry port (shared/ports/apm-connector.ts): the production catalogue is plain memory already
 * (shared/adapters/connectors/apm-registry.ts), so the fake is that catalogue over the providers a test hands it (none: a
 * card test's core never reaches an APM provider).
 */
import { ApmConnectorCatalogue } from '../../shared/adapters/connectors/apm-registry.js';
import type { ApmConnector, ApmConnectorRegistry } from '../../shared/ports/apm-connector.js';

export function memoryApmConnectors(...providers: ApmConnector[]): ApmConnectorRegistry {
  return new ApmConnectorCatalogue(providers, 'sandbox');
}
