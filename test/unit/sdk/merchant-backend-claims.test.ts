/**
 * Behind API Gateway's JWT authorizer (the AWS deployment) the merchant backend's user is the verified `sub` from
 * the authorizer's claims, and nothing else: a request without claims — or with only an Authorization header the
 * function cannot verify itself — is refused before anything is signed.
 */
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '@open-payments/mobile-sdk';
import { userFromGatewayClaims } from '../../../sdk/merchant-backend/src/auth/gateway-claims.js';
import { createBackend } from '../../../sdk/merchant-backend/src/backend.js';
import { readConfig } from '../../../sdk/merchant-backend/src/config.js';

function backend() {
  const sent: string[] = [];
  // Only records what would have been signed and sent; the platform leg itself is tested in test/integration/sdk.
  const fetch: FetchLike = async (url, init) => {
    sent.push(`${url} ${init.body}`);
    return { status: 200, text: async () => '{"redirect_url":"https://pay.example/auth/x"}' };
  };
  const config = readConfig({ PLATFORM_URL: 'https://pay.example', MERCHANT_KEY: 'mk', MERCHANT_PASSWORD: 'pw' });
  const handle = createBackend(config, {
    authenticate: userFromGatewayClaims,
    priceOrder: (ref) => (ref === 'o-1' ? { amount: '10.00', currency: 'USD', description: 'Shoes' } : undefined),
    fetch,
  });
  return { handle, sent };
}

const body = JSON.stringify({
  operation: 'purchase',
  success_url: 'https://shop.example/ok',
  cancel_url: 'https://shop.example/no',
  error_url: 'https://shop.example/err',
  order: { number: 'o-1', amount: '10.00', currency: 'USD' },
});
const request = (over: { claims?: Record<string, unknown>; headers?: Record<string, string> } = {}) => ({
  method: 'POST',
  path: '/api/v1/session',
  headers: over.headers ?? {},
  body,
  claims: over.claims,
});

describe('merchant backend behind the JWT authorizer', () => {
  it('signs for the verified sub', async () => {
    const { handle, sent } = backend();
    const answer = await handle(request({ claims: { sub: 'alice', aud: 'shop-app' } }));
    expect(answer.status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.split(' ').slice(1).join(' '))).toMatchObject({ merchant_key: 'mk', order: { description: 'Shoes' } });
  });

  it('refuses without claims, with an empty sub, or with only an unverified Authorization header: 401, nothing sent', async () => {
    const { handle, sent } = backend();
    for (const r of [
      request(),
      request({ claims: { sub: '' } }),
      request({ claims: { aud: 'shop-app' } }),
      request({ headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbGljZSJ9.' } }),
    ]) {
      const answer = await handle(r);
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
    }
    expect(sent).toEqual([]);
  });
});
