/**
 * Which connectors make their outcomes up, and which APM provider a MID's connector reaches. Plain data, no connector
 * code, so the console and the catalogues read it without bundling a connector (docs/security.md "Test and live").
 */
import type { StageKind } from '../lib/config.js';

/**
 * The sandbox acquirers and the sandbox APM provider (its follow-up connector shares its name): they approve what a
 * test card or identifier says, with no money moving. A live stage's catalogues refuse them by name.
 */
export const SANDBOX_CONNECTORS: readonly string[] = ['sandbox', 'sandbox-browser', 'sandbox-apm'];

export const isSandboxConnector = (name: string): boolean => SANDBOX_CONNECTORS.includes(name);

/**
 * The APM provider a MID's payments of an alternative method go to, by the MID's connector: a merchant is offered a
 * brand only when one of its enabled MIDs reaches the brand's provider. A sandbox MID reaches the sandbox provider;
 * an upstream gateway carries cards only, so its MIDs reach none.
 */
const APM_PROVIDER_OF_CONNECTOR: Readonly<Record<string, string>> = {
  sandbox: 'sandbox-apm',
  'sandbox-browser': 'sandbox-apm',
  'sandbox-apm': 'sandbox-apm',
};

export const apmProviderOf = (connector: string): string | undefined =>
  Object.hasOwn(APM_PROVIDER_OF_CONNECTOR, connector) ? APM_PROVIDER_OF_CONNECTOR[connector] : undefined;

/** The APM providers a merchant's enabled MIDs reach. */
export function providersReachedBy(mids: readonly { connector: string; enabled: boolean }[]): Set<string> {
  return new Set(mids.filter((m) => m.enabled).flatMap((m) => apmProviderOf(m.connector) ?? []));
}

/**
 * The connectors a new MID may use in a stage of this kind (the console's Add MID; the CLI checks the registry). The
 * acquirers (upstream, adyen) are in both; a live stage's acquirer URLs must be https (the connectors' checkSetup).
 */
export function midConnectorChoices(kind: StageKind): string[] {
  return kind === 'live' ? ['upstream', 'adyen', 'checkout-com'] : ['sandbox', 'sandbox-browser', 'upstream', 'adyen', 'checkout-com'];
}

/** Thrown when a live stage's catalogue is given a sandbox connector: a deployment mistake, never served. */
export class SandboxInLiveError extends Error {
  constructor(name: string) {
    super(`Connector "${name}" is a sandbox connector: a live stage (STAGE_KIND=live) never registers one`);
  }
}
