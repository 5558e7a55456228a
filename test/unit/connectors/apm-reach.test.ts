/**
 * A merchant reaches an APM provider only through its enabled MIDs (shared/domain/stage-kind.ts): the brands it
 * is offered and the MIDs its APM payments route to follow from that, and a live catalogue holds no sandbox.
 */
import { describe, expect, it } from 'vitest';
import { ApmConnectorCatalogue } from '../../../shared/adapters/connectors/apm-registry.js';
import { buildApmConnectors } from '../../../shared/adapters/connectors/index.js';
import { apmProviderOf, isSandboxConnector, midConnectorChoices, providersReachedBy } from '../../../shared/domain/stage-kind.js';
import { sandboxApmConnector } from '../../../shared/adapters/connectors/sandbox-apm.js';
import { apmMethods } from '../../../shared/operations/checkout/methods.js';

const mid = (midId: string, connector: string, enabled = true) => ({ midId, connector, enabled });

describe('APM reach by MID', () => {
  const providers = buildApmConnectors('sandbox');

  it('offers the sandbox brands through a sandbox MID only', () => {
    expect(providers.forMids([mid('a', 'sandbox')]).forBrand('vcard')?.name).toBe('sandbox-apm');
    expect(providers.forMids([mid('a', 'sandbox-browser')]).forBrand('vcard')?.name).toBe('sandbox-apm');
    expect(providers.forMids([mid('u', 'upstream')]).forBrand('vcard')).toBeUndefined();
    expect(providers.forMids([mid('a', 'sandbox', false)]).forBrand('vcard')).toBeUndefined();
    expect(providers.forMids([]).forBrand('vcard')).toBeUndefined();
    expect(apmMethods(providers.forMids([mid('u', 'upstream')]))).toEqual([]);
    expect(apmMethods(providers.forMids([mid('u', 'upstream'), mid('s', 'sandbox')]))).toContain('vcard');
  });

  it("routes a brand's payments among the enabled MIDs that reach its provider, in the merchant's order", () => {
    const mids = [mid('u', 'upstream'), mid('off', 'sandbox', false), mid('s1', 'sandbox'), mid('s2', 'sandbox-browser')];
    expect(
      providers
        .forMids(mids)
        .midsFor('vcard')
        .map((m) => m.midId),
    ).toEqual(['s1', 's2']);
    expect(providers.forMids(mids).midsFor('no-such-brand')).toEqual([]);
  });

  it('knows which connectors are sandboxes and what each stage kind offers for a new MID', () => {
    expect(['sandbox', 'sandbox-browser', 'sandbox-apm'].every(isSandboxConnector)).toBe(true);
    expect(isSandboxConnector('upstream')).toBe(false);
    expect(apmProviderOf('upstream')).toBeUndefined();
    expect(apmProviderOf('toString')).toBeUndefined();
    expect(midConnectorChoices('live')).toEqual(['upstream', 'adyen', 'checkout-com']);
    expect(midConnectorChoices('sandbox')).toEqual(expect.arrayContaining(['sandbox', 'upstream', 'adyen', 'checkout-com']));
    expect(providersReachedBy([mid('u', 'upstream'), mid('s', 'sandbox')])).toEqual(new Set(['sandbox-apm']));
  });

  it('a live catalogue has no provider and refuses the sandbox one', () => {
    expect(buildApmConnectors('live').names()).toEqual([]);
    expect(() => new ApmConnectorCatalogue([sandboxApmConnector], 'live')).toThrow('never registers one');
    expect(new ApmConnectorCatalogue([sandboxApmConnector], 'sandbox').names()).toEqual(['sandbox-apm']);
  });
});
