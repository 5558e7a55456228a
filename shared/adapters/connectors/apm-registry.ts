/**
 * APM providers by brand, name and notification slug, built in the composition root from the list in
 * shared/adapters/connectors/index.ts (tests build their own). A brand is served by the provider its descriptor names
 * (shared/protocol/apm/brands/), if that provider carries the brand's flow: adding a brand never touches this list.
 *
 * A merchant is offered a brand only through its MIDs (forMids): the brand's provider must be one an enabled MID's
 * connector reaches (stage-kind.ts apmProviderOf), so a merchant whose MIDs all go to an upstream gateway gets no
 * sandbox method anywhere. A live stage's catalogue refuses the sandbox provider.
 */
import type { ApmConnector, ApmConnectorRegistry, MerchantApmProviders } from '../../ports/apm-connector.js';
import type { Mid } from '../../domain/merchant.js';
import type { StageKind } from '../../lib/config.js';
import { brandDescriptor } from '../../protocol/apm/catalogue.js';
import { apmProviderOf, isSandboxConnector, SandboxInLiveError } from '../../domain/stage-kind.js';

export class ApmConnectorCatalogue implements ApmConnectorRegistry {
  constructor(
    private readonly providers: readonly ApmConnector[],
    /** live: the sandbox provider may not be registered (stage-kind.ts). */
    kind: StageKind = 'live',
  ) {
    const sandbox = kind === 'live' ? providers.find((p) => isSandboxConnector(p.name)) : undefined;
    if (sandbox) throw new SandboxInLiveError(sandbox.name);
  }

  names(): string[] {
    return this.providers.map((c) => c.name);
  }

  forBrand(brand: string): ApmConnector | undefined {
    const d = brandDescriptor(brand);
    return d && this.providers.find((c) => c.name === d.provider && c.flows.includes(d.flow));
  }

  forMids<M extends Pick<Mid, 'connector' | 'enabled'>>(mids: readonly M[]): MerchantApmProviders<M> {
    const reaching = (brand: string): M[] => {
      const provider = this.forBrand(brand);
      return provider ? mids.filter((m) => m.enabled && apmProviderOf(m.connector) === provider.name) : [];
    };
    return {
      forBrand: (brand) => (reaching(brand).length > 0 ? this.forBrand(brand) : undefined),
      midsFor: reaching,
    };
  }

  find(name: string): ApmConnector | undefined {
    return this.providers.find((c) => c.name === name);
  }

  named(name: string): ApmConnector {
    const connector = this.find(name);
    if (!connector) throw new Error(`No APM connector named ${name}`);
    return connector;
  }

  bySlug(slug: string): ApmConnector | undefined {
    return this.providers.find((c) => c.slug === slug);
  }
}
