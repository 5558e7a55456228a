/**
 * The SDK with no password, pointed at the reference merchant backend (sdk/merchant-backend), which holds the
 * password and signs: every operation works, the platform's errors arrive unchanged, the backend checks the app's
 * input, and no request on either leg (app → backend, backend → platform) carries the password.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutSdk, PlatformError } from '@open-payments/mobile-sdk';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { readConfig } from '../../../sdk/merchant-backend/src/config.js';
import { startBackendServer, type RunningBackend } from '../../../sdk/merchant-backend/src/http-server.js';
import { postJson, startTestPlatform, testMerchant } from '../../support/platform.js';
import { operationTests } from './operations.js';
import { paymentRequest, recordingFetch, type RecordedRequest } from './support.js';

let platform: RunningPlatform;
let merchant: Merchant;
let backend: RunningBackend;
let sdk: CheckoutSdk;
const appRequests: RecordedRequest[] = [];
const backendRequests: RecordedRequest[] = [];

function env(extra: Record<string, string> = {}) {
  return { PLATFORM_URL: platform.url, MERCHANT_KEY: merchant.clientKey, MERCHANT_PASSWORD: merchant.password, PORT: '0', ...extra };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  merchant = await testMerchant();
  const toPlatform = recordingFetch(backendRequests);
  backend = await startBackendServer(readConfig(env({ ALLOWED_RETURN_URLS: 'https://shop.example/' })), { fetch: toPlatform.fetch });
  const fromApp = recordingFetch(appRequests);
  sdk = new CheckoutSdk({ backendUrl: backend.url, merchantKey: merchant.clientKey, fetch: fromApp.fetch });
});
afterAll(async () => {
  await backend?.close();
  await platform?.stop();
});

describe('mobile SDK (no password) → merchant backend → platform', () => {
  operationTests({ sdk: () => sdk, requests: () => [...appRequests, ...backendRequests], password: () => merchant.password, platformUrl: () => platform.url });

  it('the app sends no hash; the backend adds merchant_key and the hash (and its requests were in the password check above)', () => {
    const fromApp = JSON.parse(appRequests[0]!.body);
    expect(fromApp).not.toHaveProperty('hash');
    const toPlatform = JSON.parse(backendRequests[0]!.body);
    expect(toPlatform).toMatchObject({ merchant_key: merchant.clientKey, hash: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(backendRequests.length).toBeGreaterThan(5);
  });

  it('works without a merchantKey in the app too', async () => {
    const keyless = new CheckoutSdk({ backendUrl: backend.url });
    await expect(keyless.fetchPaymentUrl(paymentRequest())).resolves.toMatch(/\/auth\//);
  });

  it('refuses return URLs outside ALLOWED_RETURN_URLS, another merchant_key, and bad amounts, in the platform\'s error shape', async () => {
    const unsigned = (over: Record<string, unknown>) => ({
      operation: 'purchase',
      success_url: 'https://shop.example/success',
      cancel_url: 'https://shop.example/cancel',
      error_url: 'https://shop.example/error',
      order: { number: 'o-1', amount: '10.00', currency: 'USD', description: 'Shoes' },
      ...over,
    });
    const evil = await postJson(`${backend.url}/api/v1/session`, unsigned({ success_url: 'https://shop.example.evil.test/success' }));
    expect(evil).toEqual({
      status: 400,
      body: { http_code: 400, error_code: 100000, error_message: 'Request data is invalid.', errors: [{ error_code: 100000, error_message: 'success_url: This URL is not allowed by the merchant.' }] },
    });
    const otherKey = await postJson(`${backend.url}/api/v1/session`, unsigned({ merchant_key: 'someone-else' }));
    expect(otherKey.body.errors).toEqual([{ error_code: 100000, error_message: 'merchant_key: This value is not valid.' }]);
    const amount = await postJson(`${backend.url}/api/v1/session`, unsigned({ order: { number: 'o-1', amount: '10', currency: 'USD', description: 'Shoes' } }));
    expect(amount.body.errors).toEqual([{ error_code: 100000, error_message: 'order.amount: must be written with 2 decimals for USD, like "10.00"' }]);
    const notJson = await fetch(`${backend.url}/api/v1/payment/status`, { method: 'POST', body: 'payment_id=1' });
    expect(notJson.status).toBe(400);
    expect((await fetch(`${backend.url}/api/v1/payment/capture`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(`${backend.url}/api/v1/session`)).status).toBe(405);
  });

  it('replaces a hash the app sent (the app cannot choose what is signed)', async () => {
    const res = await postJson(`${backend.url}/api/v1/payment/status`, { payment_id: '00000000-0000-4000-8000-000000000000', hash: 'forged' });
    expect(res.body).toMatchObject({ error_code: 101000, error_message: 'Payment does not exist.' });
  });

  it('can keep refund and void away from apps (ENABLED_OPERATIONS)', async () => {
    const limited = await startBackendServer(readConfig(env({ ENABLED_OPERATIONS: 'session,status' })));
    try {
      const app = new CheckoutSdk({ backendUrl: limited.url });
      const err = await app.refundPayment({ paymentId: '00000000-0000-4000-8000-000000000000' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PlatformError);
      expect(err).toMatchObject({ httpStatus: 404, error_message: 'Not found.' });
    } finally {
      await limited.close();
    }
  });

  it('refuses to start without its settings, naming them', () => {
    expect(() => readConfig({ PLATFORM_URL: 'ftp://x', MERCHANT_KEY: '' })).toThrow(/PLATFORM_URL.*MERCHANT_KEY.*MERCHANT_PASSWORD/s);
    expect(() => readConfig(env({ ALLOWED_RETURN_URLS: 'https://shop.example' }))).toThrow(/ending in a path/);
  });

  it('starts with `npm run merchant-backend` and answers /health', async () => {
    const child = spawn('npm', ['run', '-s', 'merchant-backend'], { env: { ...process.env, ...env() }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /merchant backend on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
        setTimeout(() => reject(new Error(`no start line: ${out}`)), 20_000);
      });
      expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: 'ok' });
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  });
});
