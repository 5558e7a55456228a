/**
 * The connectors this platform can route a MID to, built once per container in the composition root (shared/entry/composition/deps.ts).
 * Adding an acquirer: one file implementing ports/connector.ts, and one line here (docs/connectors.md); an APM
 * provider: one file implementing ports/apm-connector.ts, and one line in buildApmConnectors.
 *
 * Test and live never mix (docs/security.md "Test and live"): a live stage registers no sandbox connector and no
 * sandbox APM provider, and the catalogues themselves refuse one (stage-kind.ts), whatever a caller passes in.
 */
import type { Config, StageKind } from '../../lib/config.js';
import type { MerchantDirectory } from '../../ports/merchant-directory.js';
import type { SecretBox } from '../../ports/secret-box.js';
import { ConnectorCatalogue, type ConnectorEntry } from './registry.js';
import type { Connector } from '../../ports/connector.js';
import { sandboxConnector } from './sandbox.js';
import { sandboxBrowserConnector } from './sandbox-browser.js';
import { sandboxApmConnector, sandboxApmFollowUps } from './sandbox-apm.js';
import type { ApmConnector } from '../../ports/apm-connector.js';
import { ApmConnectorCatalogue } from './apm-registry.js';
import { upstreamConnector } from './upstream.js';
import { acquirerAddressRules, pinnedTransport } from './http-transport.js';
import { adyenConnector } from './adyen.js';
import { adyenTransport } from './adyen-transport.js';
import { checkoutComConnector } from './checkout-com.js';
import { checkoutComTransport } from './checkout-com-transport.js';

export interface ConnectorResources {
  config: Pick<Config, 'UPSTREAM_TIMEOUT_MS' | 'STAGE_KIND' | 'PUBLIC_BASE_URL'>;
  merchants: Pick<MerchantDirectory, 'get'>;
  /** Opens the MIDs' sealed credentials (the merchant-secrets box). */
  credentials: SecretBox;
}

/** `replacing`: connectors standing in for the configured ones of the same name (tests inject them this way). */
export function buildConnectors(r: ConnectorResources, replacing: Connector[] = []): ConnectorCatalogue {
  const kind = r.config.STAGE_KIND;
  const rules = acquirerAddressRules(kind);
  const sandbox: ConnectorEntry[] = [
    { connector: sandboxConnector },
    { connector: sandboxBrowserConnector },
    // APM providers also answer here for the follow-up cores (capture, void, creditvoid).
    { connector: sandboxApmFollowUps },
  ];
  const entries: ConnectorEntry[] = [
    ...(kind === 'sandbox' ? sandbox : []),
    {
      connector: upstreamConnector({ credentials: r.credentials, transport: pinnedTransport(rules), rules }),
      policy: { timeoutMs: r.config.UPSTREAM_TIMEOUT_MS, inquiryRetries: 2 },
    },
    {
      connector: adyenConnector({
        credentials: r.credentials,
        transport: adyenTransport(rules),
        rules,
        publicBaseUrl: r.config.PUBLIC_BASE_URL,
      }),
      policy: { timeoutMs: r.config.UPSTREAM_TIMEOUT_MS },
    },
    // Its inquiries (GET) change nothing at Checkout.com: tried again after a failure.
    {
      connector: checkoutComConnector({
        credentials: r.credentials,
        transport: checkoutComTransport(rules),
        rules,
        publicBaseUrl: r.config.PUBLIC_BASE_URL,
      }),
      policy: { timeoutMs: r.config.UPSTREAM_TIMEOUT_MS, inquiryRetries: 2 },
    },
  ];
  const swapped = entries.map((e) => ({ ...e, connector: replacing.find((c) => c.name === e.connector.name) ?? e.connector }));
  return new ConnectorCatalogue(swapped, r.merchants, kind);
}

/**
 * The APM providers (S2S APM, the Checkout page's methods other than card). They need no resources: a provider's
 * notifications are verified by the platform with its webhook secret. A live stage has none yet: the only provider
 * is the sandbox's. `replacing`: as for buildConnectors.
 */
export function buildApmConnectors(kind: StageKind, replacing: ApmConnector[] = []): ApmConnectorCatalogue {
  const providers: ApmConnector[] = kind === 'sandbox' ? [sandboxApmConnector] : [];
  return new ApmConnectorCatalogue(
    providers.map((p) => replacing.find((c) => c.name === p.name) ?? p),
    kind,
  );
}
