/**
 * Connectors injected into the in-process platform (shared/entry/composition/deps.ts injectConnectors): a test that wants to watch or
 * change what an acquirer does builds a connector of its own and puts it in the place of the configured one of the
 * same name, instead of patching a shared module.
 */
import { vi } from 'vitest';
import { deps, injectApmConnectors, injectConnectors } from '../../shared/entry/composition/deps.js';
import { buildApmConnectors, buildConnectors } from '../../shared/adapters/connectors/index.js';
import { sandboxConnector } from '../../shared/adapters/connectors/sandbox.js';
import { sandboxApmConnector } from '../../shared/adapters/connectors/sandbox-apm.js';
import type { Connector } from '../../shared/ports/connector.js';
import type { ApmConnector } from '../../shared/ports/apm-connector.js';

/** From now on the platform uses `connector` in place of the configured connector with its name. */
export function injectConnector(connector: Connector): void {
  const d = deps();
  injectConnectors(buildConnectors({ config: d.config, merchants: d.merchants, credentials: d.secrets['merchant-secrets'] }, [connector]));
}

/** The sandbox acquirer with every call recorded (vi.fn around the real behaviour), injected. */
export function recordingSandbox() {
  const recorded = {
    ...sandboxConnector,
    pay: vi.fn(sandboxConnector.pay),
    payout: vi.fn(sandboxConnector.payout),
    refund: vi.fn(sandboxConnector.refund),
  };
  injectConnector(recorded);
  return recorded;
}

/** From now on the platform uses `provider` in place of the configured APM provider with its name. */
export function injectApmConnector(provider: ApmConnector): void {
  injectApmConnectors(buildApmConnectors(deps().config.STAGE_KIND, [provider]));
}

/** The sandbox APM provider with its payments and payouts recorded (vi.fn around the real behaviour), injected. */
export function recordingApmSandbox() {
  const recorded = { ...sandboxApmConnector, pay: vi.fn(sandboxApmConnector.pay), payout: vi.fn(sandboxApmConnector.payout) };
  injectApmConnector(recorded);
  return recorded;
}

/** Back to the configured connectors and APM providers. */
export function restoreConnectors(): void {
  injectConnectors(undefined);
  injectApmConnectors(undefined);
}
