/**
 * APM providers by brand, name and notification slug, built in the composition root from the list in
 * shared/connectors/index.ts (tests build their own). A brand is served by the provider its descriptor names
 * (shared/apm/brands/), if that provider carries the brand's flow: adding a brand never touches this list.
 */
import type { ApmConnector, ApmConnectorRegistry } from '../ports/apm-connector.js';
import { brandDescriptor } from '../apm/catalogue.js';

export class ApmConnectorCatalogue implements ApmConnectorRegistry {
  constructor(private readonly providers: readonly ApmConnector[]) {}

  names(): string[] {
    return this.providers.map((c) => c.name);
  }

  forBrand(brand: string): ApmConnector | undefined {
    const d = brandDescriptor(brand);
    return d && this.providers.find((c) => c.name === d.provider && c.flows.includes(d.flow));
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
