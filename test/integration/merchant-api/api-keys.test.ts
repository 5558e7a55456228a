/**
 * Merchant API keys on a real local platform, through the public merchant API: created with the admin CLI and shown
 * once (only a hash is stored), used as `Authorization: Bearer`; a read-only key reads (payments lookup included)
 * and is refused (403) where a route moves a clock; a revoked key is refused from its next request; password-signed requests keep working; the
 * callback feed serves each attempt's original X-Callback-Signature instead of signing it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { runKeysCommand } from '../../../scripts/admin/keys.js';
import { merchantApi } from '../../../scripts/admin/merchant-client.js';
import { apiKeyHash } from '../../../shared/domain/api-key.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { signRequest } from '../../../shared/protocol/merchant-api/request-signature.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields } from '../../support/s2s.js';

const platform = usePlatform();
let shop: MerchantServer;
let a: Merchant;
let b: Merchant;
let c: Merchant;

beforeAll(async () => {
  shop = await startMerchantServer();
  [a, b, c] = await Promise.all([testMerchant({ notificationUrl: shop.url }), testMerchant({ notificationUrl: shop.url }), testMerchant()]);
});
afterAll(async () => {
  await shop?.close();
});

interface Created {
  key: string;
  key_id: string;
  type: string;
  hint: string;
}

const create = async (m: Merchant, ...flags: string[]) =>
  (await runKeysCommand(['create', '--merchant', m.clientKey, ...flags])) as Created;

async function call(key: string, method: 'GET' | 'POST', pathAndQuery: string, body?: unknown) {
  const raw = body === undefined ? undefined : JSON.stringify(body);
  const res = await fetch(platform.url + pathAndQuery, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(raw ? { 'content-type': 'application/json' } : {}) },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const refusedKey = {
  http_code: 401,
  error_code: 401,
  error_message: 'API key is not valid.',
  errors: [{ error_code: 401, error_message: 'API key is not valid.' }],
};

describe('creating and listing keys', () => {
  it('shows the key once, with its prefix; stores and lists only its hash and a hint', async () => {
    const secret = await create(a);
    const readOnly = await create(a, '--read-only');
    expect(secret.key).toMatch(/^sk_test_[A-Za-z0-9_-]{43}$/);
    expect(readOnly.key).toMatch(/^rk_test_[A-Za-z0-9_-]{43}$/);
    expect(secret).toMatchObject({ type: 'secret', hint: `sk_test_…${secret.key.slice(-4)}` });
    expect(readOnly).toMatchObject({ type: 'read_only', key_id: expect.stringMatching(/^key_[0-9a-f]{24}$/) });

    const listed = (await runKeysCommand(['list', '--merchant', a.clientKey])) as Created[];
    expect(listed.map((k) => k.key_id)).toEqual(expect.arrayContaining([secret.key_id, readOnly.key_id]));
    expect(JSON.stringify(listed)).not.toContain(secret.key);
    // What the table holds under the key's hash: never the key.
    const stored = await deps().apiKeys.byHash(apiKeyHash(secret.key));
    expect(stored).toMatchObject({ keyId: secret.key_id, clientKey: a.clientKey, kind: 'secret' });
    expect(JSON.stringify(stored)).not.toContain(secret.key);
    // Another merchant's listing does not show them.
    expect(await runKeysCommand(['list', '--merchant', b.clientKey])).toEqual([]);
  });

  it('refuses an unknown merchant and an unknown key id', async () => {
    await expect(runKeysCommand(['create', '--merchant', 'no-such-merchant'])).rejects.toThrow(
      'No merchant with client key no-such-merchant',
    );
    await expect(runKeysCommand(['revoke', 'key_000000000000000000000000', '--merchant', a.clientKey])).rejects.toThrow(
      'API key not found.',
    );
  });
});

describe('authenticating with a key', () => {
  it('a secret key reads and moves the clock', async () => {
    const { key } = await create(c);
    expect((await call(key, 'GET', '/api/v1/merchant/callbacks?limit=5')).status).toBe(200);
    const moved = await call(key, 'POST', '/api/v1/merchant/clock', { advance_by: '1d' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ client_key: c.clientKey, offset: '+1d' });
    expect((await call(key, 'POST', '/api/v1/merchant/clock', { reset: true })).status).toBe(200);
  });

  it('a read-only key reads the log, the feed and the clock, and is refused where a clock moves', async () => {
    const { key } = await create(b, '--read-only');
    expect((await call(key, 'GET', '/api/v1/merchant/callbacks')).status).toBe(200);
    expect((await call(key, 'GET', '/api/v1/merchant/callbacks/next')).status).toBe(200);
    expect((await call(key, 'GET', '/api/v1/merchant/clock')).body).toMatchObject({ client_key: b.clientKey, offset_ms: 0 });
    const refused = await call(key, 'POST', '/api/v1/merchant/clock', { advance_by: '14d' });
    expect(refused.status).toBe(403);
    const message = 'This API key is read-only: it cannot move money or a clock.';
    expect(refused.body).toEqual({
      http_code: 403,
      error_code: 403,
      error_message: message,
      errors: [{ error_code: 403, error_message: message }],
    });
    // Nothing moved.
    expect((await call(key, 'GET', '/api/v1/merchant/clock')).body).toMatchObject({ offset_ms: 0 });
  });

  it("a read-only key looks up its own payments, never another merchant's nor a token", async () => {
    const { key } = await create(a, '--read-only');
    const paid = (await postForm(`${platform.url}/post`, { ...saleFields(a), recurring_init: 'Y' } as never)).body as {
      trans_id: string;
      order_id: string;
      recurring_token?: string;
    };
    const found = await call(key, 'GET', `/api/v1/merchant/payments/${paid.trans_id}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      trans_id: paid.trans_id,
      order_id: paid.order_id,
      action: 'SALE',
      status: 'SETTLED',
      currency: 'USD',
      card: expect.stringMatching(/^\d{6}\*{4}\d{4}$/),
    });
    expect(found.body.amount).toMatch(/^\d+\.\d{2}$/);
    expect(paid.recurring_token).toEqual(expect.any(String));
    expect(JSON.stringify(found.body)).not.toContain(paid.recurring_token);
    const theirs = await call((await create(b, '--read-only')).key, 'GET', `/api/v1/merchant/payments/${paid.trans_id}`);
    const unknown = await call(key, 'GET', '/api/v1/merchant/payments/00000000-0000-4000-8000-000000000000');
    for (const r of [theirs, unknown]) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error_code: 101000, error_message: 'Transaction does not exist.' });
    }
  });

  it('a revoked key is refused from its next request, like an unknown or malformed one', async () => {
    const made = await create(a, '--read-only');
    expect((await call(made.key, 'GET', '/api/v1/merchant/callbacks')).status).toBe(200);
    const revoked = (await runKeysCommand(['revoke', made.key_id, '--merchant', a.clientKey])) as { revoked_at: string | null };
    expect(revoked.revoked_at).toEqual(expect.any(String));
    const after = await call(made.key, 'GET', '/api/v1/merchant/callbacks');
    const unknown = await call(`rk_test_${'A'.repeat(43)}`, 'GET', '/api/v1/merchant/callbacks');
    const malformed = await call('sk_test_short', 'GET', '/api/v1/merchant/callbacks');
    for (const r of [after, unknown, malformed]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual(refusedKey);
    }
    // Revoking it again answers it as it is; another merchant cannot revoke it.
    await expect(runKeysCommand(['revoke', made.key_id, '--merchant', b.clientKey])).rejects.toThrow('API key not found.');
    expect(await runKeysCommand(['revoke', made.key_id, '--merchant', a.clientKey])).toMatchObject({ revoked_at: revoked.revoked_at });
  });

  it('password-signed requests keep working beside keys', async () => {
    const path = '/api/v1/merchant/clock';
    const res = await fetch(platform.url + path, {
      headers: signRequest(a.clientKey, a.password, { method: 'GET', path, query: '', body: '' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).client_key).toBe(a.clientKey);
  });
});

describe('the callback feed with a key', () => {
  it("serves each attempt's original signature and timestamp, never a fresh one", async () => {
    const { key } = await create(a, '--read-only');
    const start = await call(key, 'GET', '/api/v1/merchant/callbacks/next');
    const paid = (await postForm(`${platform.url}/post`, saleFields(a) as never)).body as { trans_id: string };
    const sent = await eventually(() => shop.received.find((c) => c.fields.trans_id === paid.trans_id));
    const event = await eventually(async () =>
      (await call(key, 'GET', `/api/v1/merchant/callbacks/next?after=${start.body.cursor}`)).body.events.find(
        (e: any) => e.trans_id === paid.trans_id,
      ),
    );
    expect(event.request.body).toBe(sent.raw);
    expect(event.request.headers['X-Callback-Signature']).toBe(sent.headers['x-callback-signature']);

    // The same read through the admin CLI's client with the key, once the clock passed the signature's second.
    await eventually(
      async () => Math.floor(Date.now() / 1000) > Number(/t=(\d+)/.exec(String(sent.headers['x-callback-signature']))![1]) || undefined,
    );
    const again = await merchantApi<any>(
      { clientKey: a.clientKey, password: '', apiKey: key, baseUrl: platform.url },
      'GET',
      `/api/v1/merchant/callbacks/next?after=${start.body.cursor}`,
    );
    const repeat = again.events.find((e: any) => e.trans_id === paid.trans_id);
    expect(repeat.request.headers['X-Callback-Signature']).toBe(sent.headers['x-callback-signature']);
  }, 60_000);
});
