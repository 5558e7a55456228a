/**
 * Test and live never mix (docs/security.md "Test and live"):
 *   - a merchant whose MIDs all go to an upstream gateway is offered no sandbox method anywhere: not on the Checkout
 *     page, not through hosted fields (its card goes upstream), not on /post-va (204004, as for a brand the platform
 *     does not have) — where the sandbox APM provider used to settle vcard success@gmail.com with no money moving;
 *   - the console's Add MID takes a connector and its credentials, and merchant users never see a MID's connector
 *     settings or sealed credentials;
 *   - a live-kind platform (STAGE_KIND=live) registers no sandbox connector or APM provider, refuses them when given
 *     one, answers a payment on a sandbox MID left in its data with 204002, and has no test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { silent } from '../../../scripts/admin/progress.js';
import { deps, resetDeps } from '../../../shared/entry/composition/deps.js';
import { getConfig, resetConfig } from '../../../shared/lib/config.js';
import { createMerchant, createMid } from '../../../shared/operations/admin/merchants.js';
import { buildApmConnectors, buildConnectors } from '../../../shared/adapters/connectors/index.js';
import { ConnectorCatalogue } from '../../../shared/adapters/connectors/registry.js';
import { ApmConnectorCatalogue } from '../../../shared/adapters/connectors/apm-registry.js';
import { sandboxConnector } from '../../../shared/adapters/connectors/sandbox.js';
import { sandboxApmConnector } from '../../../shared/adapters/connectors/sandbox-apm.js';
import { isSandboxConnector } from '../../../shared/domain/stage-kind.js';
import { systemClock } from '../../../shared/ports/clock.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { postForm, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, SANDBOX_CARD } from '../../support/s2s.js';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway.js';
import { apmSale, SUCCESS_ID } from '../s2s-apm/support.js';
import { createSession, get, sessionBody } from '../checkout/support.js';
import { createToken, pay, submitCard } from '../hosted-fields/support.js';
import { signInConsole, type ConsoleClient } from '../console/support.js';

const UPSTREAM_CREDENTIALS = { client_key: 'upstream-client-key', password: 'upstream-password-0123456789' };

const platform = usePlatform();
let gateway: FakeGateway;
/** Its only MID goes to the upstream gateway. */
let upstreamOnly: Merchant;
/** Its MID is the sandbox's: the sandbox methods are its to use. */
let sandboxShop: Merchant;

beforeAll(async () => {
  gateway = await startFakeGateway();
  upstreamOnly = await testMerchant({
    mids: [{ connector: 'upstream', connectorSettings: { url: gateway.url }, credentials: UPSTREAM_CREDENTIALS }],
  });
  sandboxShop = await testMerchant();
}, 120_000);

afterAll(async () => {
  await gateway?.close();
});

const postVa = (fields: Record<string, unknown>) => postForm(`${platform.url}/post-va`, fields as never);
const sales = () => gateway.received.filter((r) => r.form.action === 'SALE');

describe('a merchant whose MIDs all go upstream', () => {
  it('sees no sandbox method on the Checkout page; asking for vcard finds no acceptable method', async () => {
    const page = (await get((await createSession(platform.url, upstreamOnly)).url)).html;
    expect(page).toContain('name="card_number"');
    expect(page).not.toContain('value="vcard"');
    expect(page).not.toMatch(/name="method" value="(?!card")/);
    expect(page).not.toContain('name="identifier"');
    const vcard = await postJson(`${platform.url}/api/v1/session`, sessionBody(upstreamOnly, { methods: ['vcard'] }));
    expect(vcard.status).toBe(400);
    expect(vcard.body.errors).toEqual([{ error_code: 100000, error_message: 'methods: Not found acceptable methods' }]);
    // The sandbox merchant keeps its methods.
    expect((await get((await createSession(platform.url, sandboxShop)).url)).html).toContain('value="vcard"');
  });

  it('gets 204004 for vcard success@gmail.com on /post-va: nothing is charged or stored', async () => {
    for (const fields of [
      apmSale(upstreamOnly, { identifier: SUCCESS_ID, order_amount: '750.00', order_currency: 'USD' }),
      apmSale(upstreamOnly, { action: 'DEBIT2VIRTUAL', identifier: SUCCESS_ID }),
    ]) {
      const res = await postVa(fields);
      expect(res.body).toMatchObject({ result: 'ERROR', error_code: 204004, error_message: 'Payment method is not supported.' });
      expect(await deps().payments.findByOrder(upstreamOnly.clientKey, fields.order_id as string, 1)).toEqual([]);
    }
    expect((await postVa(apmSale(sandboxShop, { identifier: SUCCESS_ID }))).body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  });

  it('pays hosted fields only through its upstream: the sandbox card is sent there, not approved by the sandbox', async () => {
    const before = sales().length;
    const { token } = await createToken(platform.url, upstreamOnly);
    expect((await submitCard(platform.url, token)).status).toBe(200);
    const res = await pay(platform.url, token);
    expect(res.status).toBe(200);
    expect(sales()).toHaveLength(before + 1);
    expect(sales().at(-1)!.form.card_number).toBe(SANDBOX_CARD);
    expect(sales().at(-1)!.form.client_key).toBe(UPSTREAM_CREDENTIALS.client_key);
  });
});

describe('console MIDs', () => {
  let operator: ConsoleClient;
  let admin: ConsoleClient;
  let viewer: ConsoleClient;
  let shop: Merchant;

  beforeAll(async () => {
    shop = await testMerchant();
    operator = await signInConsole(platform.url, 'ops@test-live.example', 'operator');
    admin = await signInConsole(platform.url, 'admin@test-live.example', 'merchant-admin', shop.clientKey);
    viewer = await signInConsole(platform.url, 'viewer@test-live.example', 'merchant-viewer', shop.clientKey);
  });

  it('an operator adds an upstream MID with its URL and credentials, probed once and stored sealed', async () => {
    const shown = await operator.get(`/merchants/${shop.clientKey}`);
    expect(shown.body.choices.connectors).toEqual(expect.arrayContaining(['sandbox', 'sandbox-browser', 'upstream']));
    const probes = gateway.received.length;
    const created = await operator.send('POST', `/merchants/${shop.clientKey}/mids`, {
      connector: 'upstream',
      payment_mode: 'SMS',
      connector_settings: { url: gateway.url, hashAlgorithm: 'md5' },
      credentials: UPSTREAM_CREDENTIALS,
    });
    expect(created.status).toBe(201);
    expect(created.body.mid).toMatchObject({
      connector: 'upstream',
      paymentMode: 'SMS',
      connectorSettings: { url: gateway.url, hashAlgorithm: 'md5' },
      credentials: 'sealed',
    });
    expect(JSON.stringify(created.body)).not.toContain(UPSTREAM_CREDENTIALS.password);
    expect(gateway.received.length).toBeGreaterThan(probes);
    const stored = (await deps().merchants.get(shop.clientKey))!.mids.find((m) => m.midId === created.body.mid.midId)!;
    expect(stored.credentialsSealed).toBeTruthy();
    expect(stored.credentialsSealed).not.toContain(UPSTREAM_CREDENTIALS.password);

    const unknown = await operator.send('POST', `/merchants/${shop.clientKey}/mids`, { connector: 'sandbox-apm' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('The value you selected is not a valid choice.');
  });

  it('merchant admins and viewers see the MIDs without connector settings or credentials, and cannot add one', async () => {
    for (const user of [admin, viewer]) {
      const shown = await user.get(`/merchants/${shop.clientKey}`);
      expect(shown.status).toBe(200);
      const upstream = (shown.body.mids as Partial<Mid>[]).find((m) => m.connector === 'upstream')!;
      expect(upstream).toBeDefined();
      expect(upstream).not.toHaveProperty('connectorSettings');
      expect(upstream).not.toHaveProperty('credentialsSealed');
      expect(upstream).not.toHaveProperty('credentials');
      expect(shown.body.choices).not.toHaveProperty('connectors');
      expect(JSON.stringify(shown.body)).not.toContain(gateway.url);
      expect((await user.send('POST', `/merchants/${shop.clientKey}/mids`, { connector: 'sandbox' })).status).toBe(403);
    }
    // Operators neither: the sealed blob is of no use to read.
    const asOperator = await operator.get(`/merchants/${shop.clientKey}`);
    expect(JSON.stringify(asOperator.body)).not.toContain('credentialsSealed');
  });

  it("offers as Checkout methods only those the merchant's MIDs can take", async () => {
    expect((await operator.get(`/merchants/${upstreamOnly.clientKey}`)).body.choices.methods).toEqual(['card']);
    expect((await operator.get(`/merchants/${sandboxShop.clientKey}`)).body.choices.methods).toContain('vcard');
  });
});

describe('a live-kind platform', () => {
  const asLive = async <T>(run: () => Promise<T>): Promise<T> => {
    const saved = { STAGE_KIND: process.env.STAGE_KIND, TEST_CLOCK: process.env.TEST_CLOCK };
    Object.assign(process.env, { STAGE_KIND: 'live', TEST_CLOCK: 'false' });
    resetConfig();
    resetDeps();
    try {
      return await run();
    } finally {
      Object.assign(process.env, saved);
      resetConfig();
      resetDeps();
    }
  };

  it('registers no sandbox connector or APM provider, and its catalogues refuse one', () =>
    asLive(async () => {
      const d = deps();
      expect(d.config.STAGE_KIND).toBe('live');
      expect(d.connectors.names()).toContain('upstream');
      expect(d.connectors.names().filter(isSandboxConnector)).toEqual([]);
      expect(d.apmConnectors.names()).toEqual([]);
      // Standing a sandbox in for a configured connector adds nothing: there is none of its name to replace.
      expect(
        buildConnectors({ config: d.config, merchants: d.merchants, credentials: d.secrets['merchant-secrets'] }, [
          sandboxConnector,
        ]).names(),
      ).toEqual(d.connectors.names());
      expect(buildApmConnectors('live', [sandboxApmConnector]).names()).toEqual([]);
      expect(() => new ConnectorCatalogue([{ connector: sandboxConnector }], d.merchants, 'live')).toThrow('never registers one');
      expect(() => new ApmConnectorCatalogue([sandboxApmConnector], 'live')).toThrow('never registers one');
    }));

  it('creates no sandbox MID, answers a payment on one left in its data with 204002, offers no sandbox method', () =>
    asLive(async () => {
      const d = deps();
      const merchant = await createMerchant(d, { name: 'Live Shop' });
      for (const connector of [undefined, 'sandbox', 'sandbox-browser', 'sandbox-apm']) {
        const refused = await createMid(d, merchant.clientKey, connector ? { connector } : {}).catch((e: unknown) => e);
        expect(refused, connector).toBeInstanceOf(ValidationError);
        // Naming none gets the stage's acquirers listed; naming a sandbox one is not a valid choice here.
        const message = connector
          ? 'The value you selected is not a valid choice.'
          : 'A live stage has no default connector: name one of upstream, adyen, checkout-com.';
        expect((refused as ValidationError).fieldErrors).toEqual([{ field: 'connector', message }]);
      }
      // A sandbox MID from before the stage went live: never sent to the sandbox's made-up approvals.
      const legacy: Mid = {
        midId: 'legacy-sandbox-mid',
        name: 'old',
        paymentMode: 'SMS/DMS',
        moto: false,
        zeroAmount: false,
        connector: 'sandbox',
        enabled: true,
        descriptor: 'Live Shop',
      };
      await d.merchants.putMid(merchant.clientKey, legacy);
      const sale = await postForm(`${platform.url}/post`, saleFields(merchant) as never);
      expect(sale.body).toMatchObject({ result: 'ERROR', error_code: 204002 });
      expect((await postVa(apmSale(merchant, { identifier: SUCCESS_ID }))).body).toMatchObject({ result: 'ERROR', error_code: 204004 });
      const none = await postJson(`${platform.url}/api/v1/session`, sessionBody(merchant, { methods: ['vcard'] }));
      expect(none.body.errors).toEqual([{ error_code: 100000, error_message: 'methods: Not found acceptable methods' }]);
    }));

  it('has no test clock: commands are refused, the time is the real one, and TEST_CLOCK=true does not start', async () => {
    await asLive(async () => {
      await expect(runClockCommand(['show'], { progress: silent })).rejects.toThrow('is not a sandbox');
      expect(deps().clock).toBe(systemClock);
    });
    const saved = { STAGE_KIND: process.env.STAGE_KIND, TEST_CLOCK: process.env.TEST_CLOCK };
    try {
      Object.assign(process.env, { STAGE_KIND: 'live', TEST_CLOCK: 'true' });
      resetConfig();
      expect(() => getConfig()).toThrow('TEST_CLOCK: a live stage (STAGE_KIND=live) has no test clock');
    } finally {
      Object.assign(process.env, saved);
      resetConfig();
      resetDeps();
    }
  });

  it('the console offers the acquirers (upstream, adyen), no sandbox, for a new MID; Adyen over https only', () =>
    asLive(async () => {
      const operator = await signInConsole(platform.url, 'ops-live@test-live.example', 'operator');
      const merchant = await createMerchant(deps(), { name: 'Live Console Shop' });
      const offered: string[] = (await operator.get(`/merchants/${merchant.clientKey}`)).body.choices.connectors;
      expect(offered).toEqual(expect.arrayContaining(['upstream', 'adyen']));
      expect(offered.filter(isSandboxConnector)).toEqual([]);
      const plain = await operator.send('POST', `/merchants/${merchant.clientKey}/mids`, {
        connector: 'adyen',
        connector_settings: { url: 'http://checkout-test.adyen.com/v71', merchantAccount: 'ShopECOM' },
        credentials: { api_key: 'AQEyhmfxK4-live-key', hmac_key: '44782DEF' },
      });
      expect(plain.status).toBe(400);
      expect(JSON.stringify(plain.body)).toContain('adyen-url: not allowed: not an https URL');
      // Adyen's test platform: its approvals would settle live orders that moved no money.
      const testPlatform = await operator.send('POST', `/merchants/${merchant.clientKey}/mids`, {
        connector: 'adyen',
        connector_settings: { url: 'https://checkout-test.adyen.com/v71', merchantAccount: 'ShopECOM' },
        credentials: { api_key: 'AQEyhmfxK4-live-key', hmac_key: '44782DEF' },
      });
      expect(testPlatform.status).toBe(400);
      expect(JSON.stringify(testPlatform.body)).toContain("checkout-test.adyen.com is the acquirer's test platform");
      const refused = await operator.send('POST', `/merchants/${merchant.clientKey}/mids`, { connector: 'sandbox' });
      expect(refused.status).toBe(400);
      // Without a connector a live stage means upstream, whose URL and credentials are then required.
      expect((await operator.send('POST', `/merchants/${merchant.clientKey}/mids`, {})).status).toBe(400);
    }));
});
