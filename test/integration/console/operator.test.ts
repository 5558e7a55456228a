/**
 * The operator's screens in the console API: chargebacks (list, open one through the chargeback operation: one
 * effect, one CHARGEBACK callback), the reconciliation work list from the reconciler's index with an inquiry now, and
 * the DLQ view of failed callbacks with replay of every one. Merchants' users are refused or see their own only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { consoleDeps, deps } from '../../../shared/entry/composition/deps.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields } from '../../support/s2s.js';
import { callbacksSettled } from '../../support/drained.js';
import { call, NEW_PASSWORD, signInConsole, type ConsoleClient } from './support.js';
import { sale } from './payments.js';

// Callback retries a second apart, so a failing URL spends its retries within the test.
const platform = usePlatform({ CALLBACK_RETRY_DELAYS_SECONDS: '1', CALLBACK_SWEEP_GRACE_SECONDS: '1' });
let shop: Merchant;
let other: Merchant;
let callbacks: MerchantServer;
let operator: ConsoleClient;
let admin: ConsoleClient;
let stranger: ConsoleClient;

beforeAll(async () => {
  callbacks = await startMerchantServer();
  shop = await testMerchant({ notificationUrl: callbacks.url });
  other = await testMerchant();
  operator = await signInConsole(platform.url, 'ops@operator.example', 'operator');
  admin = await signInConsole(platform.url, 'admin@operator.example', 'merchant-admin', shop.clientKey);
  stranger = await signInConsole(platform.url, 'admin@other-operator.example', 'merchant-admin', other.clientKey);
});
afterAll(async () => {
  await callbacks?.close();
});

const callbacksOf = (transId: string, action: string) =>
  callbacks.received.filter((c) => c.fields.trans_id === transId && c.fields.action === action);

describe('chargebacks', () => {
  it('an operator opens a chargeback: the payment moves once, one CHARGEBACK callback, audited, listed', async () => {
    const { trans_id: transId } = await sale(platform.url, shop, { orderId: `cb-${randomUUID().slice(0, 8)}` });
    const body = { trans_id: transId, amount: '3.00', reason_code: '4837' };
    const [a, b] = await Promise.all([operator.send('POST', '/chargebacks', body), operator.send('POST', '/chargebacks', body)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect([a.body.duplicate, b.body.duplicate].sort()).toEqual([false, true]);
    expect(a.body).toMatchObject({ trans_id: transId, status: 'CHARGEBACK', amount: '3.00', reason_code: '4837' });
    await eventually(() => callbacksOf(transId, 'CHARGEBACK')[0]);
    // Counted once nothing is left that could still POST it again.
    await callbacksSettled(platform, [transId]);
    expect(callbacksOf(transId, 'CHARGEBACK')).toHaveLength(1);

    const list = await admin.get('/chargebacks');
    expect(list.body.payments).toEqual([
      expect.objectContaining({
        transId,
        status: 'CHARGEBACK',
        chargeback: { amount: '3.00', reasonCode: '4837', bankDate: expect.any(String) },
      }),
    ]);
    expect((await stranger.get('/chargebacks')).body.payments).toEqual([]);
    const entries = (await operator.get(`/audit?client_key=${shop.clientKey}`)).body.entries.filter(
      (e: any) => e.action === 'payment.chargeback',
    );
    expect(entries).toEqual([expect.objectContaining({ target: transId, details: expect.objectContaining({ reasonCode: '4837' }) })]);
  });

  it('refuses merchants’ users, an unknown payment, a bad amount and one larger than the payment', async () => {
    const { trans_id: transId } = await sale(platform.url, shop, { orderId: `cb-${randomUUID().slice(0, 8)}` });
    expect((await admin.send('POST', '/chargebacks', { trans_id: transId, amount: '1.00', reason_code: '4837' })).status).toBe(403);
    expect((await operator.send('POST', '/chargebacks', { trans_id: randomUUID(), amount: '1.00', reason_code: '4837' })).status).toBe(404);
    expect((await operator.send('POST', '/chargebacks', { trans_id: transId, amount: 'many', reason_code: '4837' })).status).toBe(400);
    expect((await operator.send('POST', '/chargebacks', { trans_id: transId })).status).toBe(400);
    const tooMuch = await operator.send('POST', '/chargebacks', { trans_id: transId, amount: '999.00', reason_code: '4837' });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body)).toMatch(/exceeds/);
    expect((await deps().payments.get(transId))!.status).toBe('SETTLED');
  });
});

describe('the reconciliation work list', () => {
  it('lists payments waiting for the acquirer and resolves one by an inquiry now, with its callback', async () => {
    // Sandbox 11/2038: the acquirer does not answer the SALE; an inquiry later finds it approved.
    const res = await postForm(`${platform.url}/post`, saleFields(shop, { card_exp_month: '11' }));
    expect(res.body).toMatchObject({ result: 'UNDEFINED', status: 'PREPARE' });
    const transId = res.body.trans_id as string;
    const list = await operator.get('/reconciliation');
    expect(list.status).toBe(200);
    const entry = list.body.payments.find((e: any) => e.payment.transId === transId);
    expect(entry).toMatchObject({
      waiting: [expect.objectContaining({ type: expect.any(String), amount: '10.00' })],
      payment: { status: 'PREPARE' },
    });

    expect((await admin.get('/reconciliation')).status).toBe(403);
    expect((await admin.send('POST', `/reconciliation/${transId}/inquire`)).status).toBe(403);

    const [x, y] = await Promise.all([
      operator.send('POST', `/reconciliation/${transId}/inquire`),
      operator.send('POST', `/reconciliation/${transId}/inquire`),
    ]);
    expect(x.body.resolved + y.body.resolved).toBe(1);
    expect(x.body.payment.status === 'SETTLED' || y.body.payment.status === 'SETTLED').toBe(true);
    const cb = await eventually(() => callbacksOf(transId, 'SALE')[0]);
    expect(cb.fields).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect((await operator.get('/reconciliation')).body.payments.some((e: any) => e.payment.transId === transId)).toBe(false);
    const audited = (await operator.get(`/audit?client_key=${shop.clientKey}`)).body.entries.filter(
      (e: any) => e.action === 'reconciliation.inquire' && e.target === transId,
    );
    expect(audited).toHaveLength(2);
  });
});

describe('the DLQ view', () => {
  it('shows callbacks that spent their retries and replays every one of the merchant’s', async () => {
    let healthy = false;
    callbacks.respond = (_cb, res) => {
      res.writeHead(healthy ? 200 : 500);
      res.end(healthy ? 'OK' : 'down');
    };
    const { trans_id: transId } = await sale(platform.url, shop, { orderId: `dlq-${randomUUID().slice(0, 8)}` });
    const failed = await eventually(async () => {
      const r = await admin.get('/callbacks/failed');
      return r.body.callbacks.find((c: any) => c.transId === transId);
    }, 60_000);
    expect(failed).toMatchObject({ seq: 1, action: 'SALE', attempts: 8, lastAttempt: { httpStatus: 500 } });
    expect((await stranger.get('/callbacks/failed')).body.callbacks).toEqual([]);
    expect((await stranger.send('POST', '/callbacks/replay-failed', { client_key: shop.clientKey })).status).toBe(404);

    healthy = true;
    const replayed = await admin.send('POST', '/callbacks/replay-failed');
    expect(replayed.status).toBe(200);
    expect(replayed.body.replayed).toEqual(expect.arrayContaining([expect.objectContaining({ transId, seq: 1 })]));
    await eventually(async () => (await deps().callbacks.outbox.forPayment(transId)).every((c) => c.delivery === 'DELIVERED') || undefined);
    expect((await admin.get('/callbacks/failed')).body.callbacks.find((c: any) => c.transId === transId)).toBeUndefined();
    const audited = (await admin.get('/audit')).body.entries.filter((e: any) => e.action === 'callback.replay-failed');
    expect(audited.length).toBeGreaterThan(0);
  }, 90_000);
});

describe('disabling a console user', () => {
  it('an operator disables a user: their open session stops at once and the password no longer signs in; enabling restores sign-in', async () => {
    const user = await signInConsole(platform.url, 'leaving@operator.example', 'merchant-admin', shop.clientKey);
    expect((await user.get('/me')).status).toBe(200);
    expect((await admin.send('POST', '/users/leaving@operator.example/disable')).status).toBe(403);
    const off = await operator.send('POST', `/users/${encodeURIComponent('leaving@operator.example')}/disable`);
    expect(off.status).toBe(200);
    expect(off.body.user).toMatchObject({ email: 'leaving@operator.example', disabled: true });
    expect((await user.get('/me')).body).toEqual({ signedIn: false });
    expect((await user.get('/payments')).status).toBe(401);
    expect((await call(platform.url, 'POST', '/sign-in', { email: 'leaving@operator.example', password: NEW_PASSWORD })).status).toBe(401);
    // Cognito itself refuses the password too (AdminDisableUser), not only the console's record.
    await expect(consoleDeps().identity().signIn('leaving@operator.example', NEW_PASSWORD)).rejects.toThrow();
    const listed = (await operator.get(`/users?client_key=${shop.clientKey}`)).body.users.find(
      (u: any) => u.email === 'leaving@operator.example',
    );
    expect(listed).toMatchObject({ disabled: true });

    expect((await operator.send('POST', '/users/leaving@operator.example/enable')).body.user.disabled).toBeUndefined();
    const back = await call(platform.url, 'POST', '/sign-in', { email: 'leaving@operator.example', password: NEW_PASSWORD });
    expect(back.status).toBe(200);
    const actions = (await operator.get(`/audit?client_key=${shop.clientKey}`)).body.entries
      .filter((e: any) => e.target === 'leaving@operator.example')
      .map((e: any) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['user.disable', 'user.enable']));
  });

  it('refuses an unknown user, an unknown action, and disabling oneself', async () => {
    expect((await operator.send('POST', '/users/nobody@operator.example/disable')).status).toBe(404);
    expect((await operator.send('POST', '/users/admin@operator.example/delete')).status).toBe(404);
    expect((await operator.send('POST', '/users/ops@operator.example/disable')).status).toBe(400);
    expect((await operator.get('/me')).status).toBe(200);
  });
});
