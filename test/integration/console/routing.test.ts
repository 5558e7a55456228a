/**
 * Routing rules and Adyen MIDs in the console API: an operator reads and replaces a merchant's rules (checked as
 * `routing set` checks its file, conditional on the version the operator loaded, audited in the same write); a
 * merchant admin can do neither; an Adyen MID added from the console has its keys sealed and never sent back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { midCredentialsContext } from '../../../shared/ports/connector.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { signInConsole, type ConsoleClient } from './support.js';

const API_KEY = 'AQEyhmfxK4-console-adyen-api-key';
const HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';

const platform = usePlatform();
let shop: Merchant;
let mids: Record<'a' | 'b', Mid>;
let operator: ConsoleClient;
let admin: ConsoleClient;

beforeAll(async () => {
  shop = await testMerchant({ mids: [{ name: 'a' }, { name: 'b' }] });
  const stored = (await deps().merchants.get(shop.clientKey))!.mids;
  mids = Object.fromEntries(stored.map((m) => [m.name, m])) as typeof mids;
  operator = await signInConsole(platform.url, 'ops@routing.example', 'operator');
  admin = await signInConsole(platform.url, 'admin@routing.example', 'merchant-admin', shop.clientKey);
});

const path = () => `/merchants/${shop.clientKey}/routing`;
const storedRouting = async () => (await deps().merchants.get(shop.clientKey))!.routing;
const split = () => ({
  maxAttempts: 2,
  rules: [
    {
      name: 'euro',
      match: { currencies: ['EUR'] },
      mids: [
        { midId: mids.a.midId, weight: 70 },
        { midId: mids.b.midId, weight: 30 },
      ],
    },
    { name: 'rest', match: {}, mids: [{ midId: mids.b.midId, weight: 100 }] },
  ],
});
const problemsOf = (body: any): string[] => (body.errors ?? []).map((e: { error_message: string }) => e.error_message);

describe('routing rules in the console', () => {
  it('an operator reads them, replaces them, and the change is audited', async () => {
    const none = await operator.get(path());
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ routing: { version: 0, maxAttempts: 2, rules: [] } });

    const saved = await operator.send('PUT', path(), { expected_version: 0, routing: split() });
    expect(saved.status).toBe(200);
    expect(saved.body.routing).toMatchObject({ version: 1, ...split() });
    expect(await storedRouting()).toMatchObject({ version: 1, ...split() });
    expect((await operator.get(path())).body.routing).toMatchObject({ version: 1, ...split() });

    const audit = await operator.get(`/audit?client_key=${shop.clientKey}`);
    const entry = audit.body.entries.find((e: any) => e.action === 'routing.replace');
    expect(entry).toMatchObject({
      actor: 'ops@routing.example',
      role: 'operator',
      clientKey: shop.clientKey,
      target: shop.clientKey,
      details: { version: 1, rules: 2, maxAttempts: 2 },
    });
  });

  it('a merchant admin can neither read nor replace them', async () => {
    const before = await storedRouting();
    const read = await admin.get(path());
    expect(read.status).toBe(403);
    expect(read.body.error_message).toBe('Only operators can do this.');
    const write = await admin.send('PUT', path(), { expected_version: before?.version ?? 0, routing: { rules: [] } });
    expect(write.status).toBe(403);
    expect(await storedRouting()).toEqual(before);
    // The merchant's settings carry no routing either.
    expect(JSON.stringify((await admin.get(`/merchants/${shop.clientKey}`)).body)).not.toContain('weight');
  });

  it('invalid rules get the CLI’s errors, every one, and change nothing', async () => {
    const before = await storedRouting();
    const auditBefore = (await operator.get(`/audit?client_key=${shop.clientKey}`)).body.entries.length;
    const bad = await operator.send('PUT', path(), {
      expected_version: before!.version,
      routing: {
        rules: [
          { name: 'typo', match: {}, mids: [{ midId: 'MID-NOPE', weight: 100 }] },
          {
            name: 'twice',
            match: { currencies: ['USD'] },
            mids: [
              { midId: mids.a.midId, weight: 50 },
              { midId: mids.a.midId, weight: 50 },
            ],
          },
          { name: 'after', match: { minAmount: 100, maxAmount: 500 }, mids: [{ midId: mids.b.midId }] },
        ],
      },
    });
    expect(bad.status).toBe(400);
    const problems = problemsOf(bad.body);
    expect(problems).toEqual(
      expect.arrayContaining([
        'routing: Rule 1 ("typo"), MID 1: unknown MID "MID-NOPE" (see: npm run admin -- mids list CLIENT_KEY).',
        `routing: Rule 2 ("twice"), MID 2: MID "${mids.a.midId}" is listed twice in the same rule; give it one weight.`,
        'routing: Rule 2 and later can never match: rule 1 has no conditions and matches every payment (put it last).',
      ]),
    );
    expect(await storedRouting()).toEqual(before);
    const notJson = await operator.send('PUT', path(), { expected_version: before!.version, routing: 'rules' });
    expect(problemsOf(notJson.body)).toEqual(['routing: The file must hold a JSON object with a "rules" list.']);
    expect((await operator.get(`/audit?client_key=${shop.clientKey}`)).body.entries.length).toBe(auditBefore);
  });

  it('a stale edit is refused with a clear message, and the newer rules stay', async () => {
    const loaded = (await operator.get(path())).body.routing;
    const other = await signInConsole(platform.url, 'ops2@routing.example', 'operator');
    const theirs = { rules: [{ name: 'all to a', match: {}, mids: [{ midId: mids.a.midId, weight: 100 }] }] };
    expect((await other.send('PUT', path(), { expected_version: loaded.version, routing: theirs })).status).toBe(200);

    const mine = await operator.send('PUT', path(), { expected_version: loaded.version, routing: { rules: [] } });
    expect(mine.status).toBe(409);
    expect(mine.body.error_message).toBe(
      `The routing rules were changed by someone else since you loaded them (you edited version ${loaded.version}). Reload them and make your change again.`,
    );
    expect(await storedRouting()).toMatchObject({ version: loaded.version + 1, rules: theirs.rules });
    const entries = (await operator.get(`/audit?client_key=${shop.clientKey}`)).body.entries.filter(
      (e: any) => e.action === 'routing.replace',
    );
    expect(entries.filter((e: any) => e.details.version === loaded.version + 1).map((e: any) => e.actor)).toEqual(['ops2@routing.example']);
  });
});

describe('the MID health policy in the rules', () => {
  it('is saved, shown and kept by a later save from the editor’s document', async () => {
    const loaded = (await operator.get(path())).body.routing;
    const withHealth = { ...split(), health: { failureThreshold: 3, cooldownSeconds: 120 } };
    const saved = await operator.send('PUT', path(), { expected_version: loaded.version, routing: withHealth });
    expect(saved.status).toBe(200);
    expect(saved.body.routing).toMatchObject({ version: loaded.version + 1, health: { failureThreshold: 3, cooldownSeconds: 120 } });
    expect((await operator.get(path())).body.routing.health).toEqual({ failureThreshold: 3, cooldownSeconds: 120 });
    const bad = await operator.send('PUT', path(), {
      expected_version: loaded.version + 1,
      routing: { ...split(), health: { failureThreshold: 0 } },
    });
    expect(problemsOf(bad.body)).toEqual([
      expect.stringMatching(/^routing: health: "failureThreshold" must be a whole number of failures from 1 to \d+/),
    ]);
  });
});

describe('MID health in the merchant’s settings', () => {
  it('shows each MID’s circuit: closed, or open with when it reopens', async () => {
    const now = new Date();
    const opened = await deps().merchants.recordMidFailure(shop.clientKey, mids.b.midId, now, {
      failureThreshold: 1,
      windowSeconds: 60,
      cooldownSeconds: 600,
    });
    expect(opened.opened).toBe(true);
    for (const who of [operator, admin]) {
      const shown = (await who.get(`/merchants/${shop.clientKey}`)).body.mids as any[];
      expect(shown.find((m) => m.midId === mids.a.midId).health).toEqual({ state: 'closed', failures: 0 });
      expect(shown.find((m) => m.midId === mids.b.midId).health).toEqual({
        state: 'open',
        failures: 1,
        openedAt: opened.health.openedAt,
        reopensAt: opened.health.reopensAt,
      });
    }
    expect(Date.parse(opened.health.reopensAt!)).toBe(Date.parse(opened.health.openedAt!) + 600_000);
  });
});

describe('an Adyen MID added from the console', () => {
  const adyen = (more: Record<string, unknown> = {}) => ({
    payment_mode: 'SMS/DMS',
    connector: 'adyen',
    connector_settings: { url: 'https://checkout-test.adyen.com/v71/', merchantAccount: 'ShopECOM' },
    credentials: { api_key: API_KEY, hmac_key: HMAC_KEY },
    ...more,
  });

  it('is offered to operators, seals the keys and never returns them', async () => {
    const shown = await operator.get(`/merchants/${shop.clientKey}`);
    expect(shown.body.choices.connectors).toContain('adyen');
    const created = await operator.send('POST', `/merchants/${shop.clientKey}/mids`, adyen());
    expect(created.status).toBe(201);
    expect(created.body.mid).toMatchObject({
      connector: 'adyen',
      connectorSettings: { url: 'https://checkout-test.adyen.com/v71', merchantAccount: 'ShopECOM' },
      credentials: 'sealed',
    });
    expect(JSON.stringify(created.body)).not.toContain(API_KEY);
    expect(JSON.stringify(created.body)).not.toContain(HMAC_KEY);

    const mid = (await deps().merchants.get(shop.clientKey))!.mids.find((m) => m.midId === created.body.mid.midId)!;
    expect(mid.credentialsSealed).toBeDefined();
    expect(mid.credentialsSealed).not.toContain(API_KEY);
    const opened = JSON.parse(
      await deps().secrets['merchant-secrets'].open(mid.credentialsSealed!, midCredentialsContext(shop.clientKey, mid.midId)),
    );
    expect(opened).toEqual({ api_key: API_KEY, hmac_key: HMAC_KEY });

    const listed = JSON.stringify((await operator.get(`/merchants/${shop.clientKey}`)).body);
    expect(listed).not.toContain(API_KEY);
    expect(listed).not.toContain(HMAC_KEY);
    const audit = JSON.stringify((await operator.get(`/audit?client_key=${shop.clientKey}`)).body);
    expect(audit).not.toContain(API_KEY);
    expect(audit).not.toContain(HMAC_KEY);
  });

  it('gets the CLI’s checks: a missing or malformed key is refused, nothing written', async () => {
    const before = (await deps().merchants.get(shop.clientKey))!.mids.length;
    const bad = await operator.send(
      'POST',
      `/merchants/${shop.clientKey}/mids`,
      adyen({ credentials: { api_key: API_KEY, hmac_key: 'not hex' }, connector_settings: { url: 'https://checkout-test.adyen.com/v71' } }),
    );
    expect(bad.status).toBe(400);
    expect(problemsOf(bad.body)).toEqual([
      'connector: adyen-merchant-account: the merchant account at Adyen is required.',
      'connector: adyen-hmac-key: the HMAC key is the hexadecimal text Adyen shows.',
    ]);
    expect((await deps().merchants.get(shop.clientKey))!.mids.length).toBe(before);
    expect((await admin.send('POST', `/merchants/${shop.clientKey}/mids`, adyen())).status).toBe(403);
  });
});

describe('a Checkout.com MID added from the console', () => {
  const SECRET_KEY = 'sk_sbox_console0checkout0com0secret0key';
  const WEBHOOK_SECRET = 'cko-console-webhook-signature-key';
  const cko = (more: Record<string, unknown> = {}) => ({
    payment_mode: 'SMS/DMS',
    connector: 'checkout-com',
    connector_settings: { url: 'https://api.sandbox.checkout.com/', processingChannelId: 'pc_q4dbxom5jbgudnjzjpz7j2z6uq' },
    credentials: { secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET },
    ...more,
  });

  it('is offered to operators, seals the keys and never returns them', async () => {
    const shown = await operator.get(`/merchants/${shop.clientKey}`);
    expect(shown.body.choices.connectors).toContain('checkout-com');
    const created = await operator.send('POST', `/merchants/${shop.clientKey}/mids`, cko());
    expect(created.status).toBe(201);
    expect(created.body.mid).toMatchObject({
      connector: 'checkout-com',
      connectorSettings: { processingChannelId: 'pc_q4dbxom5jbgudnjzjpz7j2z6uq' },
      credentials: 'sealed',
    });
    expect(JSON.stringify(created.body)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(created.body)).not.toContain(WEBHOOK_SECRET);
    const mid = (await deps().merchants.get(shop.clientKey))!.mids.find((m) => m.midId === created.body.mid.midId)!;
    const opened = JSON.parse(
      await deps().secrets['merchant-secrets'].open(mid.credentialsSealed!, midCredentialsContext(shop.clientKey, mid.midId)),
    );
    expect(opened).toEqual({ secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET });
    const audit = JSON.stringify((await operator.get(`/audit?client_key=${shop.clientKey}`)).body);
    expect(audit).not.toContain(SECRET_KEY);
    expect(audit).not.toContain(WEBHOOK_SECRET);
  });

  it('gets the CLI’s checks: missing keys and a malformed channel are refused, nothing written', async () => {
    const before = (await deps().merchants.get(shop.clientKey))!.mids.length;
    const bad = await operator.send(
      'POST',
      `/merchants/${shop.clientKey}/mids`,
      cko({ credentials: {}, connector_settings: { url: 'https://api.sandbox.checkout.com', processingChannelId: 'channel-1' } }),
    );
    expect(bad.status).toBe(400);
    expect(problemsOf(bad.body)).toEqual([
      'connector: checkout-com-processing-channel: a processing channel id is pc_ and 26 letters or digits, as the Dashboard shows it.',
      'connector: checkout-com-secret-key: the secret API key is required.',
      "connector: checkout-com-webhook-secret: the webhook's signature key is required.",
    ]);
    expect((await deps().merchants.get(shop.clientKey))!.mids.length).toBe(before);
  });
});
