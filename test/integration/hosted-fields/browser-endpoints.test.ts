/** The browser-facing endpoints without a browser: client script, iframe pages and their guards, the demo page. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { createToken, pay, submitCard } from './support.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

const frameUrl = (field: string, token: string, origin = 'https://shop.example', channel = 'abcdefgh12') =>
  `${platform.url}/hosted-fields/frame/${field}?token=${encodeURIComponent(token)}&origin=${encodeURIComponent(origin)}&channel=${channel}`;

describe('browser endpoints', () => {
  it('serves the client library with the platform origin it checks messages against', async () => {
    const res = await fetch(`${platform.url}/sdk/hosted-fields.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    const js = await res.text();
    expect(js).toContain('global.HostedFields = HostedFields');
    expect(js).toContain(`var ORIGIN = "${platform.url}"`);
    expect(js).toContain('collectIframesData');
  });

  it('renders each field for an open session, embeddable only by the declared origin', async () => {
    const { token } = await createToken(platform.url, merchant);
    for (const field of ['card', 'expiry', 'cvv']) {
      const res = await fetch(frameUrl(field, token));
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain('frame-ancestors https://shop.example');
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      const html = await res.text();
      expect(html).toContain('<input id="field"');
    }
  });

  it('refuses unknown fields, bad origins or channels (400) and a bad, expired or used token (403)', async () => {
    const { token } = await createToken(platform.url, merchant);
    for (const url of [
      frameUrl('pan', token),
      frameUrl('card', token, 'javascript:alert(1)'),
      frameUrl('card', token, 'https://shop.example/path'),
      frameUrl('card', token, 'https://shop.example', 'x'),
    ]) {
      expect((await fetch(url)).status, url).toBe(400);
    }
    expect((await fetch(frameUrl('card', 'nope'))).status).toBe(403);
    await submitCard(platform.url, token);
    await pay(platform.url, token);
    expect((await fetch(frameUrl('card', token))).status).toBe(403);
  });

  it('refuses a card submission without a valid Token with the 403 HTML page', async () => {
    const res = await fetch(`${platform.url}/hosted-fields/card-data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('serves the demo page with the client library and the token', async () => {
    const { token } = await createToken(platform.url, merchant);
    const res = await fetch(`${platform.url}/hosted-fields/demo?token=${token}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`${platform.url}/sdk/hosted-fields.js`);
    expect(html).toContain(token);
  });
});
