/**
 * The SDK with no password, pointed at the reference merchant backend (sdk/merchant-backend), which holds the
 * password and signs — but only for the merchant's own signed-in app users (a JWT checked against the identity
 * provider's JWKS), only the price the shop's own order data says, only purchase (or a debit the order allows),
 * and only the user's own payments. Every operation works for the owner; no request on either leg carries the password.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutSdk, PlatformError } from '@open-payments/mobile-sdk';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { jwksAuthenticator } from '../../../sdk/merchant-backend/src/auth/jwks.js';
import { readConfig } from '../../../sdk/merchant-backend/src/config.js';
import { startBackendServer, type RunningBackend } from '../../../sdk/merchant-backend/src/http-server.js';
import { postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { AUDIENCE, ISSUER, startAppIdentity, type AppIdentity } from './app-identity.js';
import { operationTests } from './operations.js';
import { payOnPage, paymentRequest, recordingFetch, shopOrders, type RecordedRequest } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let identity: AppIdentity;
let backend: RunningBackend;
let sdk: CheckoutSdk;
let alice: string;
let mallory: string;
const appRequests: RecordedRequest[] = [];
const backendRequests: RecordedRequest[] = [];

function env(extra: Record<string, string> = {}) {
  return { PLATFORM_URL: platform.url, MERCHANT_KEY: merchant.clientKey, MERCHANT_PASSWORD: merchant.password, PORT: '0', ...extra };
}

const ALL_OPERATIONS = { ENABLED_OPERATIONS: 'session,status,refund,void' };
const ZERO_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  merchant = await testMerchant();
  identity = await startAppIdentity();
  alice = await identity.token('alice');
  mallory = await identity.token('mallory');
  const authenticate = jwksAuthenticator({ jwksUrl: identity.jwksUrl, issuer: ISSUER, audience: AUDIENCE });
  backend = await startBackendServer(readConfig(env({ ALLOWED_RETURN_URLS: 'https://shop.example/', ...ALL_OPERATIONS })), {
    fetch: recordingFetch(backendRequests).fetch,
    authenticate,
    priceOrder: shopOrders,
    log: false,
  });
  sdk = new CheckoutSdk({
    backendUrl: backend.url,
    merchantKey: merchant.clientKey,
    getAuthToken: () => alice,
    fetch: recordingFetch(appRequests).fetch,
  });
});
afterAll(async () => {
  await backend?.close();
  await identity?.close();
});

/** A raw call to the backend as an app would make it, with `token` as its bearer (or none). */
const call = (path: string, body: unknown, token?: string) =>
  postJson(`${backend.url}${path}`, body, token ? { authorization: `Bearer ${token}` } : {});

const sessionFields = (over: Record<string, unknown> = {}, order: Record<string, unknown> = {}) => ({
  operation: 'purchase',
  success_url: 'https://shop.example/success',
  cancel_url: 'https://shop.example/cancel',
  error_url: 'https://shop.example/error',
  ...over,
  order: { number: `app-${Math.random().toString(36).slice(2, 10)}`, amount: '10.00', currency: 'USD', ...order },
});

/** Runs `act` and answers how many requests the backend sent to the platform meanwhile (what it signed). */
async function signedDuring(act: () => Promise<unknown>): Promise<number> {
  const before = backendRequests.length;
  await act();
  return backendRequests.length - before;
}

const invalidBody = (...messages: string[]) => ({
  http_code: 400,
  error_code: 100000,
  error_message: 'Request data is invalid.',
  errors: messages.map((error_message) => ({ error_code: 100000, error_message })),
});

describe('mobile SDK (no password, app user signed in) → merchant backend → platform', () => {
  operationTests({
    sdk: () => sdk,
    requests: () => [...appRequests, ...backendRequests],
    password: () => merchant.password,
    platformUrl: () => platform.url,
  });

  it('the app sends its bearer token and no hash; the backend adds merchant_key and the hash, never the token', () => {
    expect(appRequests[0]!.headers.authorization).toBe(`Bearer ${alice}`);
    expect(JSON.parse(appRequests[0]!.body)).not.toHaveProperty('hash');
    const toPlatform = JSON.parse(backendRequests[0]!.body);
    expect(toPlatform).toMatchObject({ merchant_key: merchant.clientKey, hash: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(backendRequests.some((r) => r.headers.authorization !== undefined || r.body.includes(alice))).toBe(false);
  });

  it('works without a merchantKey in the app too', async () => {
    const keyless = new CheckoutSdk({ backendUrl: backend.url, getAuthToken: () => alice });
    await expect(keyless.fetchPaymentUrl(paymentRequest())).resolves.toMatch(/\/auth\//);
  });
});

describe("who may ask: only the merchant's signed-in app users", () => {
  it('an anonymous POST to any route → 401, and nothing is signed', async () => {
    const paths = ['/api/v1/session', '/api/v1/payment/status', '/api/v1/payment/refund', '/api/v1/payment/void'];
    const bodies = [sessionFields(), { payment_id: ZERO_ID }, { payment_id: ZERO_ID }, { payment_id: ZERO_ID }];
    const signed = await signedDuring(async () => {
      for (const [i, path] of paths.entries()) {
        const res = await call(path, bodies[i]);
        expect(res).toEqual({
          status: 401,
          body: {
            http_code: 401,
            error_code: 401,
            error_message: 'Sign-in required.',
            errors: [{ error_code: 401, error_message: 'Sign-in required.' }],
          },
        });
      }
    });
    expect(signed).toBe(0);
  });

  it('a valid token works; an expired, wrong-audience, wrong-issuer, wrong-key or garbled token → 401, nothing signed', async () => {
    expect((await call('/api/v1/session', sessionFields(), alice)).status).toBe(200);
    const bad = [
      await identity.token('alice', { expiresAt: Math.floor(Date.now() / 1000) - 60 }),
      await identity.token('alice', { audience: 'another-app' }),
      await identity.token('alice', { issuer: 'https://evil.example/' }),
      await identity.token('alice', { unpublishedKey: true }),
      `${alice.slice(0, -4)}AAAA`,
      'not-a-jwt',
    ];
    const signed = await signedDuring(async () => {
      for (const token of bad) expect((await call('/api/v1/session', sessionFields(), token)).status).toBe(401);
    });
    expect(signed).toBe(0);
    const noToken = new CheckoutSdk({ backendUrl: backend.url });
    await expect(noToken.fetchPaymentUrl(paymentRequest())).rejects.toMatchObject({ httpStatus: 401, error_message: 'Sign-in required.' });
  });

  it('the defaults refuse everyone: no authenticate hook → 401 even with a valid token; no priceOrder → no session', async () => {
    const bare = await startBackendServer(readConfig(env()), { log: false, fetch: recordingFetch(backendRequests).fetch });
    const noOrders = await startBackendServer(readConfig(env()), {
      log: false,
      fetch: recordingFetch(backendRequests).fetch,
      authenticate: jwksAuthenticator({ jwksUrl: identity.jwksUrl, issuer: ISSUER, audience: AUDIENCE }),
    });
    try {
      const signed = await signedDuring(async () => {
        expect((await postJson(`${bare.url}/api/v1/session`, sessionFields(), { authorization: `Bearer ${alice}` })).status).toBe(401);
        const res = await postJson(`${noOrders.url}/api/v1/session`, sessionFields(), { authorization: `Bearer ${alice}` });
        expect(res.body).toEqual(invalidBody('order.number: This order does not exist.'));
      });
      expect(signed).toBe(0);
    } finally {
      await bare.close();
      await noOrders.close();
    }
  });
});

describe('what is signed: the backend decides', () => {
  it('credit and transfer are never offered; debit only for an order that allows it; nothing signed for a refusal', async () => {
    const signed = await signedDuring(async () => {
      for (const operation of ['credit', 'transfer']) {
        const res = await call('/api/v1/session', sessionFields({ operation, payee: { card_token: 'x' } }), alice);
        expect(res.body).toEqual(
          invalidBody('payee: This field is set by the merchant backend.', 'operation: This operation is not offered to apps.'),
        );
      }
      expect((await call('/api/v1/session', sessionFields({ operation: 'debit' }), alice)).body).toEqual(
        invalidBody('operation: This operation is not offered to apps.'),
      );
    });
    expect(signed).toBe(0);
    const debit = await call('/api/v1/session', sessionFields({ operation: 'debit' }, { number: `debit-${Date.now()}` }), alice);
    expect(debit.body).toEqual({ redirect_url: expect.stringMatching(/\/auth\//) });
    expect(JSON.parse(backendRequests.at(-1)!.body)).toMatchObject({ operation: 'debit' });
  });

  it('a tampered amount or currency, an unknown order, or a field the shop sets is refused, nothing signed', async () => {
    const signed = await signedDuring(async () => {
      expect((await call('/api/v1/session', sessionFields({}, { amount: '0.01' }), alice)).body).toEqual(
        invalidBody('order.amount: This value does not match the order.'),
      );
      expect((await call('/api/v1/session', sessionFields({}, { amount: '10.00', currency: 'EUR' }), alice)).body).toEqual(
        invalidBody('order.currency: This value does not match the order.'),
      );
      expect((await call('/api/v1/session', sessionFields({}, { number: 'not-an-order' }), alice)).body).toEqual(
        invalidBody('order.number: This order does not exist.'),
      );
      const extras = await call(
        '/api/v1/session',
        sessionFields({ customer: { email: 'x@evil.test' }, custom_data: { a: 1 }, auth: true }, { extra: 1 }),
        alice,
      );
      expect(extras.body.errors.map((e: { error_message: string }) => e.error_message)).toEqual([
        'customer: This field is set by the merchant backend.',
        'custom_data: This field is set by the merchant backend.',
        'auth: This field is set by the merchant backend.',
        'order.extra: This field is set by the merchant backend.',
      ]);
    });
    expect(signed).toBe(0);
  });

  it("signs the shop's price, description and payer details, and the app's order number and return URLs", async () => {
    const fields = sessionFields({}, { description: 'Free stuff' });
    expect((await call('/api/v1/session', fields, alice)).status).toBe(200);
    const sent = JSON.parse(backendRequests.at(-1)!.body);
    expect(sent).toEqual({
      merchant_key: merchant.clientKey,
      operation: 'purchase',
      success_url: fields.success_url,
      cancel_url: fields.cancel_url,
      error_url: fields.error_url,
      order: { number: fields.order.number, amount: '10.00', currency: 'USD', description: 'Blue T-shirt' },
      customer: { name: 'John Doe', email: 'doe@example.com' },
      billing_address: { country: 'US', state: 'CA', city: 'Los Angeles', language: 'en' },
      hash: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });

  it("still checks the app's input: return URLs outside ALLOWED_RETURN_URLS, another merchant_key, a bad amount, routes and methods", async () => {
    const evil = await call('/api/v1/session', sessionFields({ success_url: 'https://shop.example.evil.test/success' }), alice);
    expect(evil).toEqual({ status: 400, body: invalidBody('success_url: This URL is not allowed by the merchant.') });
    expect((await call('/api/v1/session', sessionFields({ merchant_key: 'someone-else' }), alice)).body).toEqual(
      invalidBody('merchant_key: This value is not valid.'),
    );
    expect((await call('/api/v1/session', sessionFields({}, { amount: '10' }), alice)).body).toEqual(
      invalidBody('order.amount: must be written with 2 decimals for USD, like "10.00"'),
    );
    const notJson = await fetch(`${backend.url}/api/v1/payment/status`, {
      method: 'POST',
      body: 'payment_id=1',
      headers: { authorization: `Bearer ${alice}` },
    });
    expect(notJson.status).toBe(400);
    expect((await fetch(`${backend.url}/api/v1/payment/capture`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(`${backend.url}/api/v1/session`)).status).toBe(405);
  });
});

describe("whose payments: only the signed-in user's own", () => {
  let paymentId: string;
  let orderNumber: string;
  beforeAll(async () => {
    const request = paymentRequest();
    orderNumber = request.order.number;
    paymentId = await payOnPage(await sdk.fetchPaymentUrl(request));
  });

  it("another user's payment and order answer exactly like unknown ones; their refund and void are not signed", async () => {
    const unknown = await call('/api/v1/payment/status', { payment_id: ZERO_ID }, mallory);
    expect(unknown.body).toMatchObject({ http_code: 400, error_code: 101000, error_message: 'Payment does not exist.' });
    expect(await call('/api/v1/payment/status', { payment_id: paymentId }, mallory)).toEqual(unknown);
    expect(await call('/api/v1/payment/status', { order_id: orderNumber }, mallory)).toEqual({
      status: 400,
      body: {
        http_code: 400,
        error_code: 101000,
        error_message: 'Order does not exist.',
        errors: [{ error_code: 101000, error_message: 'Order does not exist.' }],
      },
    });
    const refunds = backendRequests.filter((r) => /\/(refund|void)$/.test(r.url)).length;
    expect(await call('/api/v1/payment/refund', { payment_id: paymentId }, mallory)).toEqual(unknown);
    expect(await call('/api/v1/payment/void', { payment_id: paymentId }, mallory)).toEqual(unknown);
    expect(backendRequests.filter((r) => /\/(refund|void)$/.test(r.url)).length).toBe(refunds);
    await expect(sdk.checkStatus({ paymentId })).resolves.toMatchObject({ status: 'settled' });
  });

  it('another user cannot take over the order number for a session of their own', async () => {
    const res = await call('/api/v1/session', sessionFields({}, { number: orderNumber }), mallory);
    expect(res.body).toEqual(invalidBody('order.number: This order does not exist.'));
  });

  it('refund and void are off by default (403, nothing signed), even for the owner', async () => {
    const defaults = await startBackendServer(readConfig(env()), {
      log: false,
      fetch: recordingFetch(backendRequests).fetch,
      authenticate: jwksAuthenticator({ jwksUrl: identity.jwksUrl, issuer: ISSUER, audience: AUDIENCE }),
      priceOrder: shopOrders,
    });
    try {
      const app = new CheckoutSdk({ backendUrl: defaults.url, getAuthToken: () => alice });
      const signed = await signedDuring(async () => {
        // One at a time: a second call started early could reject before anything awaits it (an unhandled rejection).
        for (const attempt of [() => app.refundPayment({ paymentId }), () => app.voidPayment({ paymentId })]) {
          const err = await attempt().catch((e: unknown) => e);
          expect(err).toBeInstanceOf(PlatformError);
          expect(err).toMatchObject({ httpStatus: 403, error_message: 'This operation is not offered to apps.' });
        }
      });
      expect(signed).toBe(0);
      expect(readConfig(env()).enabledOperations).toEqual(['session', 'status']);
    } finally {
      await defaults.close();
    }
    await expect(sdk.checkStatus({ paymentId })).resolves.toMatchObject({ status: 'settled' });
  });
});

describe('start-up', () => {
  it('refuses to start without its settings, naming them', () => {
    expect(() => readConfig({ PLATFORM_URL: 'ftp://x', MERCHANT_KEY: '' })).toThrow(/PLATFORM_URL.*MERCHANT_KEY.*MERCHANT_PASSWORD/s);
    expect(() => readConfig(env({ ALLOWED_RETURN_URLS: 'https://shop.example' }))).toThrow(/ending in a path/);
    expect(() => readConfig(env({ APP_JWKS_URL: 'https://id.example/jwks.json' }))).toThrow(
      /APP_JWKS_URL, APP_JWT_ISSUER and APP_JWT_AUDIENCE go together/,
    );
  });

  it('starts with `npm run merchant-backend` and the JWKS settings: /health answers, a signed-in user gets a 400 for an order it does not know', async () => {
    const jwt = { APP_JWKS_URL: identity.jwksUrl, APP_JWT_ISSUER: ISSUER, APP_JWT_AUDIENCE: AUDIENCE };
    const child = spawn('npm', ['run', '-s', 'merchant-backend'], {
      env: { ...process.env, ...env(jwt) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /merchant backend on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: 'ok' });
      expect((await postJson(`${url}/api/v1/session`, sessionFields())).status).toBe(401);
      const res = await postJson(`${url}/api/v1/session`, sessionFields(), { authorization: `Bearer ${alice}` });
      expect(res.body).toEqual(invalidBody('order.number: This order does not exist.'));
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  });
});
