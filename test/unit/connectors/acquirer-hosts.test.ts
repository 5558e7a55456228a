import { describe, expect, it } from 'vitest';
import { stageRefusal } from '../../../shared/adapters/connectors/acquirer-hosts.js';
import { checkAdyenSetup } from '../../../shared/adapters/connectors/adyen-setup.js';
import { checkCheckoutComSetup } from '../../../shared/adapters/connectors/checkout-com-setup.js';
import { acquirerAddressRules } from '../../../shared/adapters/connectors/http-transport.js';

describe('an acquirer platform for each kind of stage', () => {
  it('a live stage calls only the live hosts; a sandbox never calls them', () => {
    expect(stageRefusal('adyen', 'https://checkout-test.adyen.com/v71', 'live')).toMatch(/test platform, whose approvals move no money/);
    expect(
      stageRefusal('adyen', 'https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com/checkout/v71', 'live'),
    ).toBeUndefined();
    expect(stageRefusal('adyen', 'https://adyen.example.com/v71', 'live')).toMatch(/not one of the acquirer's live hosts/);
    expect(stageRefusal('adyen', 'https://x-checkout-live.adyenpayments.com/checkout/v71', 'sandbox')).toMatch(/live platform/);
    expect(stageRefusal('adyen', 'https://checkout-test.adyen.com/v71', 'sandbox')).toBeUndefined();
    expect(stageRefusal('adyen', 'http://127.0.0.1:4010', 'sandbox')).toBeUndefined();
    expect(stageRefusal('checkout-com', 'https://api.sandbox.checkout.com', 'live')).toMatch(/test platform/);
    expect(stageRefusal('checkout-com', 'https://pk1.api.sandbox.checkout.com', 'live')).toMatch(/test platform/);
    expect(stageRefusal('checkout-com', 'https://pk1.api.checkout.com', 'live')).toBeUndefined();
    expect(stageRefusal('checkout-com', 'https://api.checkout.com', 'sandbox')).toMatch(/live platform/);
    // A connector without known hosts (the upstream gateway) is told apart otherwise.
    expect(stageRefusal('upstream', 'https://gateway.example.com', 'live')).toBeUndefined();
  });

  it('MID setup names the problem', () => {
    const live = acquirerAddressRules('live');
    expect(
      checkAdyenSetup(
        { settings: { url: 'https://checkout-test.adyen.com/v71', merchantAccount: 'M' }, credentials: { api_key: 'k', hmac_key: 'ab' } },
        live,
      ),
    ).toEqual([
      "adyen-url: not allowed: checkout-test.adyen.com is the acquirer's test platform, whose approvals move no money; a live stage uses its live URL (https://PREFIX-checkout-live.adyenpayments.com/checkout/v71).",
    ]);
    expect(
      checkCheckoutComSetup(
        { settings: { url: 'https://api.checkout.com' }, credentials: { secret_key: 's', webhook_secret: 'w' } },
        acquirerAddressRules('sandbox'),
      ),
    ).toEqual(["checkout-com-url: not allowed: api.checkout.com is the acquirer's live platform; a sandbox stage uses its test platform."]);
  });
});

describe("a MID stored with the other platform's URL", () => {
  it('is never called: the registry refuses before the connector runs', async () => {
    const { ConnectorCatalogue } = await import('../../../shared/adapters/connectors/registry.js');
    const { AcquirerUrlRefusedError } = await import('../../../shared/ports/connector.js');
    let calls = 0;
    const fake = {
      name: 'adyen',
      requiresAcceptHeader: false,
      pay: async () => (calls++, { kind: 'declined' as const, reason: 'x' }),
    } as never;
    const live = new ConnectorCatalogue([{ connector: fake }], { get: async () => undefined }, 'live');
    const mid = { midId: 'M1', connector: 'adyen', connectorSettings: { url: 'https://checkout-test.adyen.com/v71' } };
    await expect(live.forMid('ck', mid).pay({ transId: 't', amount: 100, currency: 'EUR' } as never)).rejects.toBeInstanceOf(
      AcquirerUrlRefusedError,
    );
    expect(calls).toBe(0);
  });
});
