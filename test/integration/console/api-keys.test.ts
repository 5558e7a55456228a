/**
 * Merchant API keys in the console: a merchant admin creates its own merchant's keys (shown once), lists them (never
 * the key) and revokes one, which the merchant API refuses from its next request; viewers only see the list; another
 * merchant's keys answer like an unknown merchant; every change is in the audit log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { signInConsole, type ConsoleClient } from './support.js';

const platform = usePlatform();
let shop: Merchant;
let other: Merchant;
let admin: ConsoleClient;
let viewer: ConsoleClient;

beforeAll(async () => {
  [shop, other] = await Promise.all([testMerchant(), testMerchant()]);
  admin = await signInConsole(platform.url, 'admin@keys.example', 'merchant-admin', shop.clientKey);
  viewer = await signInConsole(platform.url, 'viewer@keys.example', 'merchant-viewer', shop.clientKey);
});

const feed = async (key: string) =>
  (await fetch(`${platform.url}/api/v1/merchant/callbacks`, { headers: { authorization: `Bearer ${key}` } })).status;

describe('API keys in the console', () => {
  it('a merchant admin creates, lists and revokes its own keys; the merchant API follows at once', async () => {
    const created = await admin.send('POST', `/merchants/${shop.clientKey}/api-keys`, { read_only: true });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^rk_test_/);
    expect(created.body.apiKey).toMatchObject({
      type: 'read_only',
      createdBy: 'admin@keys.example',
      hint: `rk_test_…${created.body.key.slice(-4)}`,
    });
    expect(await feed(created.body.key)).toBe(200);

    const listed = await viewer.get(`/merchants/${shop.clientKey}/api-keys`);
    expect(listed.status).toBe(200);
    expect(listed.body.apiKeys.map((k: any) => k.keyId)).toContain(created.body.apiKey.keyId);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);

    const keyId = created.body.apiKey.keyId;
    const revoked = await admin.send('POST', `/merchants/${shop.clientKey}/api-keys/${keyId}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.apiKey).toMatchObject({ keyId, revokedBy: 'admin@keys.example', revokedAt: expect.any(String) });
    expect(await feed(created.body.key)).toBe(401);

    const audit = (await admin.get('/audit')).body.entries as { action: string; target: string }[];
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['api-key.create', 'api-key.revoke']));
    expect(JSON.stringify(audit)).not.toContain(created.body.key);
  });

  it('viewers cannot create or revoke; another merchant is answered like an unknown one', async () => {
    const made = await admin.send('POST', `/merchants/${shop.clientKey}/api-keys`, {});
    expect(made.body.key).toMatch(/^sk_test_/);
    expect((await viewer.send('POST', `/merchants/${shop.clientKey}/api-keys`, {})).status).toBe(403);
    expect((await viewer.send('POST', `/merchants/${shop.clientKey}/api-keys/${made.body.apiKey.keyId}/revoke`)).status).toBe(403);
    expect(await feed(made.body.key)).toBe(200);
    const theirs = await admin.get(`/merchants/${other.clientKey}/api-keys`);
    const unknown = await admin.get('/merchants/no-such-merchant/api-keys');
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect((await admin.send('POST', `/merchants/${other.clientKey}/api-keys`, {})).status).toBe(404);
    expect((await admin.send('POST', `/merchants/${shop.clientKey}/api-keys/key_000000000000000000000000/revoke`)).status).toBe(404);
    expect((await admin.send('POST', `/merchants/${shop.clientKey}/api-keys`, { read_only: 'yes' })).status).toBe(400);
  });
});
