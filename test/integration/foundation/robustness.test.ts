/**
 * Malformed input never crashes into a 500: arbitrary bodies, content types and field values get a clear error in the
 * protocol's own format.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { encodeForm } from '../../../shared/protocol/form.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

async function post(path: string, body: string, contentType = 'application/x-www-form-urlencoded') {
  const res = await fetch(`${platform.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  const text = await res.text();
  return { status: res.status, text };
}

describe('malformed input', () => {
  it('answers arbitrary bodies on /post with a protocol error, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (body) => {
        const res = await post('/post', body);
        expect(res.status).toBeLessThan(500);
        expect(JSON.parse(res.text).result).toBe('ERROR');
      }),
      { numRuns: 60 },
    );
  });

  it('answers a SALE with any single field replaced by junk with a field-named error, never a 500', async () => {
    const keys = Object.keys(saleFields(merchant)).filter((k) => k !== 'action' && k !== 'client_key');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...keys),
        fc.oneof(fc.string({ maxLength: 40 }), fc.constant('%ZZ'), fc.constant('9'.repeat(400)), fc.constant('-1.00')),
        fc.boolean(),
        async (key, junk, nested) => {
          const fields = saleFields(merchant);
          const body = encodeForm({ ...fields, [key]: nested ? { x: junk } : junk });
          const res = await post('/post', body);
          expect(res.status).toBeLessThan(500);
          const parsed = JSON.parse(res.text);
          if (parsed.result === 'ERROR') expect(parsed.errors.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers a path with broken percent-encoding with 404, not a 500', async () => {
    expect((await fetch(`${platform.url}/auth/%ZZ`)).status).toBe(404);
    expect((await fetch(`${platform.url}/threeds/%E0%A4%A`)).status).toBe(404);
  });

  it('answers JSON, binary and oversized bodies without a 500', async () => {
    expect((await post('/post', '{"action":"SALE"}', 'application/json')).status).toBe(400);
    expect((await post('/post', Buffer.from([0xff, 0xfe, 0x00, 0x80]).toString('latin1'), 'application/octet-stream')).status).toBe(400);
    const deep = `${'a['.repeat(50)}x${']'.repeat(50)}=1&action=SALE`;
    expect((await post('/post', deep)).status).toBe(400);
    const many = Array.from({ length: 5000 }, (_, i) => `k${i}=v`).join('&');
    expect((await post('/post', many)).status).toBe(400);
  });

  it('answers arbitrary bodies on every JSON and page endpoint without a 500', async () => {
    const endpoints: [string, string][] = [
      ['POST', '/api/v1/session'],
      ['POST', '/api/v1/payment/status'],
      ['POST', '/api/v1/payment/refund'],
      ['POST', '/api/v1/payment/void'],
      ['POST', '/api/v1/payment/capture'],
      ['POST', '/api/v1/payment/recurring'],
      ['POST', '/api/v1/payment/retry'],
      ['POST', '/api/v1/payment/card/credit'],
      ['POST', '/api/v1/session/token'],
      ['POST', '/api/v1/processing/purchase/card'],
      ['POST', '/api/v1/processing/debit/card'],
      ['PUT', '/api/v1/session/update'],
      ['POST', '/hosted-fields/card-data'],
      ['POST', '/auth/not-a-token/pay'],
      ['POST', '/threeds/00000000-0000-4000-8000-000000000000/complete'],
      ['POST', '/post-va'],
      ['POST', '/v2/post'],
    ];
    const bodies = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 3 }),
      fc
        .record({
          merchant_key: fc.oneof(fc.constant(merchant.clientKey), fc.string()),
          payment_id: fc.string(),
          order: fc.anything({ maxDepth: 2 }),
          hash: fc.string(),
        })
        .map((o) => JSON.stringify(o)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        bodies,
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
        fc.string({ maxLength: 40 }),
        async ([method, path], body, type, token) => {
          const res = await fetch(`${platform.url}${path}`, { method, headers: { 'content-type': type, token }, body });
          await res.text();
          expect(res.status, `${method} ${path}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
