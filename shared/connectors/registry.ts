/** Connectors by name. Adding an acquirer: implement Connector in a new file and list it here. */
import type { Connector } from '../ports/connector.js';
import { sandboxConnector } from './sandbox.js';
import { sandboxBrowserConnector } from './sandbox-browser.js';

const connectors: Record<string, Connector> = {
  [sandboxConnector.name]: sandboxConnector,
  [sandboxBrowserConnector.name]: sandboxBrowserConnector,
};

export function connectorNamed(name: string): Connector {
  const connector = connectors[name];
  if (!connector) throw new Error(`No connector named ${name}`);
  return connector;
}

export function connectorNames(): string[] {
  return Object.keys(connectors);
}
