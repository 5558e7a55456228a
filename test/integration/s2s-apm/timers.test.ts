/**
 * Flows with a deadline and flows that collect on the provider's page, through the real gateway with short timers
 * (QR 3 s, bank window 3 s; qr-lifetime.test.ts keeps the real minute): the QR page and its scannable code, the
 * bank-transfer instructions asking for CUIL / CURP, expiry by the deadline sweeper with its callback, and the race
 * between an expiry and a late notification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { merchantSettings } from '../../../shared/operations/admin/merchants.js';
import { signNotification } from '../../../shared/protocol/providers/notification.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { moveMerchantClock } from '../../support/merchant-clock.js';
import { apmFollowUp, apmSale, expectedCallbackHash } from './support.js';

const platform = usePlatform({ APM_QR_LIFETIME_SECONDS: '3', APM_BANK_WINDOW_SECONDS: '3', APM_DEADLINE_WATCH_SECONDS: '0' });
let merchant: Merchant;
let shop: MerchantServer;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
  post = (fields) => postForm(`${platform.url}/post-va`, fields as never);
});
afterAll(async () => {
  await shop?.close();
});

const callbacks = (transId: string) => shop.received.filter((c) => c.fields.trans_id === transId);
const status = async (transId: string) => (await post(apmFollowUp(merchant, 'GET_TRANS_STATUS', transId))).body;
/**
 * Past the payment's own deadline, as stored with it: the time the platform counts, not a guess at it. The merchant's
 * test clock is set past it (the deadline, the page and the sweeper read that clock: docs/test-clock.md) rather than
 * waited for; a clock already past it stays where it is.
 */
const pastDeadline = async (transId: string) => {
  const deadline = Date.parse((await deps().payments.get(transId))!.details.deadline as string);
  await moveMerchantClock(platform.url, merchant, { set: new Date(deadline + 1000).toISOString() }, { alreadyPastIsFine: true });
};
const submit = (url: string, fields: Record<string, string>) => {
  const u = new URL(url);
  return fetch(`${u.origin}${u.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: u.searchParams.get('token')!, ...fields }).toString(),
  });
};
const signed = async (body: unknown) => {
  const raw = JSON.stringify(body);
  const secret = await deps().providerSecrets.secret('sandbox');
  const res = await fetch(`${platform.url}/providers/sandbox/notifications`, {
    method: 'POST',
    headers: { 'x-provider-signature': signNotification(raw, secret) },
    body: raw,
  });
  return (await res.json()).effect as string;
};
const sale = async (fields: Record<string, unknown>) => (await post(apmSale(merchant, { identifier: undefined, ...fields }))).body;

describe('QR (ips)', () => {
  it('REDIRECT to a page with an SVG QR code of the reference; Pay sends "executed": SETTLED with its callback', async () => {
    const res = await sale({ brand: 'ips', order_currency: 'RSD', order_amount: '120.00' });
    expect(res).toMatchObject({ result: 'REDIRECT', status: 'REDIRECT' });
    const page = await (await fetch(res.redirect_url)).text();
    expect(page).toMatch(/<svg [^>]*aria-label="QR code"/);
    expect(page).toContain(res.trans_id);
    expect(page).toMatch(/Valid until <time datetime="\d{4}-\d{2}-\d{2}T/);
    expect((await submit(res.redirect_url, { decision: 'approve' })).status).toBe(303);
    expect((await status(res.trans_id)).status).toBe('SETTLED');
    const cb = await eventually(() => callbacks(res.trans_id)[0]);
    expect(cb.fields).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', brand: 'ips' });
  });

  it('RJCT from the bank declines', async () => {
    const res = await sale({ brand: 'ips', order_currency: 'EUR', identifier: 'pending@gmail.com' });
    expect(await signed({ reference: res.trans_id, status: 'RJCT' })).toBe('applied');
    expect(await status(res.trans_id)).toMatchObject({ status: 'DECLINED', decline_reason: 'Rejected by the provider.' });
  });

  it('unpaid past its lifetime: the sweeper declines it "expired" with a signed callback, once; a later payment changes nothing', async () => {
    const res = await sale({ brand: 'ips', order_currency: 'MKD', identifier: 'pending@gmail.com' });
    await platform.runScheduled('ApmDeadlines');
    expect((await status(res.trans_id)).status).toBe('REDIRECT'); // not yet due
    await pastDeadline(res.trans_id);
    expect((await fetch(res.redirect_url)).status).toBe(410); // the page knows before the sweeper runs
    await platform.runScheduled('ApmDeadlines');
    expect(await status(res.trans_id)).toMatchObject({ status: 'DECLINED', decline_reason: 'expired' });
    const cb = await eventually(() => callbacks(res.trans_id)[0]);
    expect(cb.fields).toMatchObject({ action: 'SALE', result: 'DECLINED', status: 'DECLINED', decline_reason: 'expired' });
    expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
    expect(await signed({ reference: res.trans_id, status: 'executed' })).toBe('unchanged');
    await platform.runScheduled('ApmDeadlines');
    await callbacksSettled(platform, [res.trans_id]);
    expect(callbacks(res.trans_id)).toHaveLength(1);
  });

  it('the lifetime is per merchant (admin: merchants update --qr-lifetime-seconds)', async () => {
    const other = await testMerchant();
    await deps().merchants.update(other.clientKey, merchantSettings(other, { qrLifetimeSeconds: '600' }));
    const res = (await post(apmSale(other, { brand: 'ips', order_currency: 'EUR', identifier: 'pending@gmail.com' }))).body;
    const p = (await deps().payments.get(res.trans_id))!;
    expect(Date.parse(p.details.deadline as string) - Date.parse(p.createdAt)).toBeGreaterThanOrEqual(599_000);
    expect(() => merchantSettings(other, { qrLifetimeSeconds: '5' })).toThrow(/10 to 86400/);
  });

  it('a payment confirmed before its deadline is not expired by the sweeper', async () => {
    const res = await sale({ brand: 'ips', order_currency: 'BAM', identifier: 'pending@gmail.com' });
    expect(await signed({ reference: res.trans_id, status: 'ACSC' })).toBe('applied');
    await pastDeadline(res.trans_id);
    await platform.runScheduled('ApmDeadlines');
    expect((await status(res.trans_id)).status).toBe('SETTLED');
  });
});

describe('bank window (bank_code_ars, bank_code_mxn)', () => {
  it('the instructions page asks for the CUIL the request lacked, under its rule; then the transfer settles', async () => {
    const res = await sale({ brand: 'bank_code_ars', order_currency: 'ARS' });
    expect(res).toMatchObject({ result: 'REDIRECT', status: 'REDIRECT' });
    const page = await (await fetch(res.redirect_url)).text();
    expect(page).toContain('Transfer <strong>10.00 ARS</strong>');
    expect(page).toContain('name="collect[bank_cuil]"');
    const bad = await submit(res.redirect_url, { decision: 'approve', 'collect[bank_cuil]': '123' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('This value should have exactly 11 digits.');
    expect((await status(res.trans_id)).status).toBe('REDIRECT');
    expect((await submit(res.redirect_url, { decision: 'approve', 'collect[bank_cuil]': '20123456789' })).status).toBe(303);
    expect((await status(res.trans_id)).status).toBe('SETTLED');
  });

  it('a CURP sent with the request is not asked again', async () => {
    const res = await sale({ brand: 'bank_code_mxn', order_currency: 'MXN', parameters: { bank_curp: 'GODE561231HDFRRN09' } });
    expect(await (await fetch(res.redirect_url)).text()).not.toContain('collect[bank_curp]');
  });

  it("without the provider's confirmation within the window: DECLINED with a callback", async () => {
    const res = await sale({ brand: 'bank_code_mxn', order_currency: 'MXN', identifier: 'pending@gmail.com' });
    await pastDeadline(res.trans_id);
    await platform.runScheduled('ApmDeadlines');
    expect(await status(res.trans_id)).toMatchObject({ status: 'DECLINED', decline_reason: 'expired' });
    expect((await eventually(() => callbacks(res.trans_id)[0])).fields).toMatchObject({ result: 'DECLINED', brand: 'bank_code_mxn' });
  });
});

describe('fields collected on the page for redirect methods', () => {
  it("wallet_tr without accountName: the page asks, and holds it to the payer's name", async () => {
    const res = await sale({ brand: 'wallet_tr', payer_first_name: 'Ada', payer_last_name: 'Lovelace' });
    const page = await (await fetch(res.redirect_url)).text();
    for (const name of ['orgCode', 'accountName', 'accountNumber', 'personal_id']) expect(page).toContain(`name="collect[${name}]"`);
    const fields = {
      decision: 'approve',
      'collect[orgCode]': '0010',
      'collect[accountNumber]': 'TR1',
      'collect[personal_id]': '12345678901',
    };
    const bad = await submit(res.redirect_url, { ...fields, 'collect[accountName]': 'Someone' });
    expect(await bad.text()).toContain('This value should be equal to the payer&#39;s name.');
    expect((await submit(res.redirect_url, { ...fields, 'collect[accountName]': 'Ada Lovelace' })).status).toBe(303);
    expect((await status(res.trans_id)).status).toBe('SETTLED');
  });
});
