/** Connectors by name. Adding an acquirer: implement Connector in a new file and list it here. */
import type { Connector } from '../ports/connector.js';
import { sandboxConnector } from './sandbox.js';
import { sandboxBrowserConnector } from './sandbox-browser.js';
import { sandboxApmConnector, sandboxApmFollowUps } from './sandbox-apm.js';
import type { ApmConnector } from '../ports/apm-connector.js';
import { brandDescriptor } from '../apm/catalogue.js';

const connectors: Record<string, Connector> = {
  [sandboxConnector.name]: sandboxConnector,
  [sandboxBrowserConnector.name]: sandboxBrowserConnector,
  // APM providers also answer here for the follow-up cores (capture, void, creditvoid).
  [sandboxApmFollowUps.name]: sandboxApmFollowUps,
};

export function connectorNamed(name: string): Connector {
  const connector = connectors[name];
  if (!connector) throw new Error(`No connector named ${name}`);
  return connector;
}

export function connectorNames(): string[] {
  return Object.keys(connectors);
}

/** APM providers (S2S APM, Checkout methods other than card). */
const apmConnectors: ApmConnector[] = [sandboxApmConnector];

/** The APM provider serving a brand (the `brand` request field): its descriptor's provider, if it carries the flow. */
export function apmConnectorForBrand(brand: string): ApmConnector | undefined {
  const d = brandDescriptor(brand);
  return d && apmConnectors.find((c) => c.name === d.provider && c.flows.includes(d.flow));
}

export function apmConnectorNamed(name: string): ApmConnector {
  const connector = apmConnectors.find((c) => c.name === name);
  if (!connector) throw new Error(`No APM connector named ${name}`);
  return connector;
}

/** The APM provider named by its notification address (/providers/{slug}/notifications). */
export function apmConnectorBySlug(slug: string): ApmConnector | undefined {
  return apmConnectors.find((c) => c.slug === slug);
}
