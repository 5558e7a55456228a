/**
 * The merchant API's callback routes against a real local platform: requests signed with the merchant's own client
 * key and password (no operator credentials); refusals that do not tell an unknown key from a wrong signature or a
 * stale timestamp; each merchant sees only its own callbacks; `callbacks listen` with the merchant's credentials
 * forwards a real SALE callback unchanged.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { runCallbacksCommand } from '../../../scripts/admin/callbacks.js';
import { signRequest } from '../../../shared/protocol/merchant-api/request-signature.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields, SANDBOX_CARD } from '../../support/s2s.js';

const platform = usePlatform();
let shop: MerchantServer;
let laptop: MerchantServer;
let a: Merchant;
let b: Merchant;

beforeAll(async () => {
  [shop, laptop] = await Promise.all([startMerchantServer(), startMerchantServer()]);
  a = await testMerchant({ notificationUrl: shop.url });
  b = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await Promise.all([shop?.close(), laptop?.close()]);
});

const sale = async (m: Merchant) => (await postForm(`${platform.url}/post`, saleFields(m) as never)).body as { trans_id: string };
const delivered = (transId: string) => eventually(() => shop.received.find((c) => c.fields.trans_id === transId));

/** A GET as a merchant signs it; `sign` may change what is signed (or who signs). */
async function get(
  pathAndQuery: string,
  m: Pick<Merchant, 'clientKey' | 'password'>,
  opts: { now?: Date; headers?: Record<string, string> } = {},
) {
  const url = new URL(platform.url + pathAndQuery);
  const headers =
    opts.headers ??
    signRequest(m.clientKey, m.password, { method: 'GET', path: url.pathname, query: url.search.slice(1), body: '' }, opts.now);
  const res = await fetch(url, { headers });
  return { status: res.status, body: (await res.json()) as any };
}

describe('signed merchant requests', () => {
  it('answers the merchant that signed with its password', async () => {
    const res = await get('/api/v1/merchant/callbacks?limit=5', a);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.callbacks)).toBe(true);
  });

  it('refuses a wrong signature, a stale timestamp, an unknown key and missing headers with the same answer', async () => {
    const path = '/api/v1/merchant/callbacks';
    const wrongPassword = await get(path, { clientKey: a.clientKey, password: 'not-the-password' });
    const stale = await get(path, a, { now: new Date(Date.now() - 310_000) });
    const future = await get(path, a, { now: new Date(Date.now() + 310_000) });
    const unknown = await get(path, { clientKey: '00000000-0000-4000-8000-000000000000', password: a.password });
    const unsigned = await get(path, a, { headers: {} });
    const garbage = await get(path, a, {
      headers: { 'x-client-key': 'k'.repeat(500), 'x-timestamp': '1e99', 'x-signature': 'z'.repeat(5000) },
    });
    // Signed for another query than the one sent.
    const url = `${path}?limit=1`;
    const otherQuery = await get(url, a, {
      headers: signRequest(a.clientKey, a.password, { method: 'GET', path, query: 'limit=2', body: '' }),
    });
    const expected = {
      http_code: 401,
      error_code: 401,
      error_message: 'Signature is not valid.',
      errors: [{ error_code: 401, error_message: 'Signature is not valid.' }],
    };
    for (const refused of [wrongPassword, stale, future, unknown, unsigned, garbage, otherQuery]) {
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(expected);
    }
  });

  it('refuses bad query values in the protocol format, after authenticating', async () => {
    const res = await get('/api/v1/merchant/callbacks?limit=1000', a);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].error_message).toBe('limit: This value should be between 1 and 100.');
    const cursor = await get('/api/v1/merchant/callbacks/next?after=bm9wZQ', a);
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors[0].error_message).toBe('after: This value is not correct.');
    const since = await get('/api/v1/merchant/callbacks?since=yesterday', a);
    expect(since.body.errors[0].error_message).toMatch(/^since: /);
  });
});

describe('delivery log and feed', () => {
  it('shows a merchant only its own callbacks, without card data', async () => {
    const start = await get('/api/v1/merchant/callbacks/next', a);
    const [paidA, paidB] = await Promise.all([sale(a), sale(b)]);
    await Promise.all([delivered(paidA.trans_id), delivered(paidB.trans_id)]);

    const logA = await eventually(async () => {
      const res = await get('/api/v1/merchant/callbacks', a);
      return res.body.callbacks.some((c: any) => c.trans_id === paidA.trans_id) ? res.body : undefined;
    });
    expect(logA.callbacks.map((c: any) => c.trans_id)).not.toContain(paidB.trans_id);
    expect(logA.callbacks.find((c: any) => c.trans_id === paidA.trans_id)).toMatchObject({
      seq: 1,
      type: 'SALE',
      status: 'SETTLED',
      delivery: 'DELIVERED',
      attempts: 1,
      url: shop.url,
      last_answer: { http_status: 200, error: null },
    });
    expect(JSON.stringify(logA)).not.toContain(SANDBOX_CARD.slice(-4));

    const logB = (await get('/api/v1/merchant/callbacks', b)).body;
    expect(logB.callbacks.map((c: any) => c.trans_id)).toEqual([paidB.trans_id]);

    // The feed from before the SALE: A's attempt, with the request the platform sent.
    const feed = await get(`/api/v1/merchant/callbacks/next?after=${start.body.cursor}`, a);
    expect(feed.body.events.map((e: any) => e.trans_id)).toEqual([paidA.trans_id]);
    const sent = shop.received.find((c) => c.fields.trans_id === paidA.trans_id)!;
    expect(feed.body.events[0]).toMatchObject({
      attempt: 1,
      outcome: 'DELIVERED',
      http_status: 200,
      request: { body: sent.raw, url: shop.url },
    });
    const headers = Object.fromEntries(Object.entries(feed.body.events[0].request.headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(headers['x-callback-event-id']).toBe(sent.headers['x-callback-event-id']);
    expect(headers['content-type']).toBe(sent.headers['content-type']);

    // since: nothing after the newest attempt.
    const later = await get(`/api/v1/merchant/callbacks?since=${new Date(Date.now() + 60_000).toISOString()}`, a);
    expect(later.body.callbacks).toEqual([]);
  }, 30_000);

  it('the long poll answers once a callback is logged', async () => {
    const start = await get('/api/v1/merchant/callbacks/next', b);
    const waiting = get(`/api/v1/merchant/callbacks/next?after=${start.body.cursor}&wait=20`, b);
    const paid = await sale(b);
    const res = await waiting;
    // Either the poll saw it, or it ended first: then the next read has it.
    const events = res.body.events.length
      ? res.body.events
      : (await get(`/api/v1/merchant/callbacks/next?after=${res.body.cursor}&wait=20`, b)).body.events;
    expect(events.map((e: any) => e.trans_id)).toContain(paid.trans_id);
  }, 60_000);
});

describe("callbacks listen and log with the merchant's own credentials", () => {
  it('forwards a real SALE callback unchanged to a local receiver', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merchant-'));
    const passwordFile = join(dir, 'password');
    writeFileSync(passwordFile, `${a.password}\n`);
    const lines: string[] = [];
    const stop = new AbortController();
    const credentials = ['--merchant', a.clientKey, '--url', platform.url, '--password-file', passwordFile];
    const done = runCallbacksCommand(['listen', ...credentials, '--forward-to', `${laptop.url}/webhooks`, '--wait', '2'], {
      print: (l) => lines.push(l),
      signal: stop.signal,
    });
    await eventually(() => lines.some((l) => l.startsWith('Ready!')) || undefined);

    const paid = await sale(a);
    const forwarded = await eventually(() => laptop.received.find((c) => c.fields.trans_id === paid.trans_id), 30_000);
    const sent = shop.received.find((c) => c.fields.trans_id === paid.trans_id)!;
    expect(forwarded.raw).toBe(sent.raw);
    expect(forwarded.headers['x-callback-event-id']).toBe(sent.headers['x-callback-event-id']);
    // Forwarded with the signature it was sent with, not one made for the forward.
    expect(forwarded.headers['x-callback-signature']).toBe(sent.headers['x-callback-signature']);
    expect(await eventually(() => lines.find((l) => l.includes(paid.trans_id)))).toMatch(
      /--> SALE SETTLED .* platform: DELIVERED 200 {2}forward: \[200\]/,
    );
    stop.abort();
    expect(await done).toBe('Stopped: 1 callback(s) forwarded, 1 delivery attempt(s) seen.');

    const log = (await runCallbacksCommand(['log', ...credentials, '--limit', '100'])) as { callbacks: { trans_id: string }[] };
    expect(log.callbacks.map((c) => c.trans_id)).toContain(paid.trans_id);
    await expect(
      runCallbacksCommand(['log', '--merchant', a.clientKey, '--url', platform.url, '--password-file', join(dir, 'missing')]),
    ).rejects.toThrow('ENOENT');
    writeFileSync(passwordFile, 'wrong\n');
    await expect(runCallbacksCommand(['log', ...credentials])).rejects.toThrow('Signature is not valid. Check the client key and password');
  }, 60_000);
});
