/**
 * A merchant's own test clock through the signed merchant API: moving it moves only that merchant's time; the
 * clock's refusals come in the protocol's format; the admin CLI's `clock --url` acts as the merchant.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { silent } from '../../../scripts/admin/progress.js';
import { signRequest } from '../../../shared/protocol/merchant-api/request-signature.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { testMerchant, usePlatform } from '../../support/platform.js';

const platform = usePlatform();
let a: Merchant;
let b: Merchant;
const DAY = 86_400_000;

beforeAll(async () => {
  [a, b] = await Promise.all([testMerchant(), testMerchant()]);
});

async function call(m: Pick<Merchant, 'clientKey' | 'password'>, method: 'GET' | 'POST', body?: unknown) {
  const path = '/api/v1/merchant/clock';
  const raw = body === undefined ? '' : JSON.stringify(body);
  const headers = signRequest(m.clientKey, m.password, { method, path, query: '', body: raw });
  const res = await fetch(platform.url + path, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: raw || undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('the merchant clock route', () => {
  it("moves only the calling merchant's clock", async () => {
    const moved = await call(a, 'POST', { advance_by: '14d' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ client_key: a.clientKey, offset_ms: 14 * DAY, offset: '+14d' });
    expect((await call(b, 'GET')).body).toMatchObject({ client_key: b.clientKey, offset_ms: 0 });
    // What A's objects read, and B's.
    const aNow = (await deps().clock.forMerchant!(a.clientKey, { force: true })).now().getTime();
    const bNow = (await deps().clock.forMerchant!(b.clientKey, { force: true })).now().getTime();
    expect(aNow - bNow).toBeGreaterThanOrEqual(14 * DAY - 5000);
    expect((await call(a, 'POST', { reset: true })).body).toMatchObject({ offset_ms: 0 });
  });

  it('refuses what the clock refuses, in the protocol format', async () => {
    const none = await call(a, 'POST', {});
    expect(none.status).toBe(400);
    expect(none.body.error_message).toBe('Send exactly one of advance_by (e.g. "14d"), set (an ISO instant) or reset (true).');
    const bad = await call(a, 'POST', { advance_by: 'soon' });
    expect(bad.body.errors[0].error_message).toMatch(/^advance_by: "soon" is not a duration\..*e\.g\. advance_by 14d/);
    const back = await call(a, 'POST', { set: '2020-01-01T00:00:00Z' });
    expect(back.body.errors[0].error_message).toMatch(/^set: The clock is already past 2020-01-01T00:00:00Z/);
    const unsigned = await call({ clientKey: a.clientKey, password: 'wrong' }, 'POST', { advance_by: '1d' });
    expect(unsigned.status).toBe(401);
    expect((await call(a, 'GET')).body.offset_ms).toBe(0);
  });

  it('the admin CLI moves it as the merchant (--url, password from the environment)', async () => {
    process.env.MERCHANT_PASSWORD = b.password;
    try {
      const moved = await runClockCommand(['advance', '--by', '2d', '--merchant', b.clientKey, '--url', platform.url], {
        progress: silent,
      });
      expect(moved).toMatchObject({ client_key: b.clientKey, offset_ms: 2 * DAY });
      expect(await runClockCommand(['show', '--merchant', b.clientKey, '--url', platform.url], { progress: silent })).toMatchObject({
        offset_ms: 2 * DAY,
      });
    } finally {
      delete process.env.MERCHANT_PASSWORD;
    }
    expect((await call(a, 'GET')).body.offset_ms).toBe(0);
  });
});
