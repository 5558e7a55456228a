/**
 * 3DS and REDIRECT outcomes: the REDIRECT answer (object on /post, list on /v2/post), the platform's own page,
 * its submission completing the payment once, the way back to term_url_3ds (term_url_target, merchant link target),
 * and the final result by callback and status lookup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { encodeForm } from '../../../shared/protocol/form.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;
let post: (fields: Record<string, unknown>, path?: string) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
  post = (fields, path = '/post') => postForm(`${platform.url}${path}`, fields as never);
});
afterAll(async () => {
  await shop?.close();
});

/** What a merchant page does with a REDIRECT answer: POST redirect_params to redirect_url. */
async function openRedirect(body: any): Promise<{ status: number; html: string }> {
  const params: Record<string, string> = Array.isArray(body.redirect_params)
    ? Object.fromEntries(body.redirect_params.map((p: { name: string; value: string }) => [p.name, p.value]))
    : body.redirect_params;
  const res = await fetch(body.redirect_url, {
    method: body.redirect_method,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(params),
  });
  return { status: res.status, html: await res.text() };
}

/** The payer presses the button of the authentication page (its form, as rendered). */
async function submitPage(html: string): Promise<{ status: number; html: string }> {
  const action = /<form id="authenticate" method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));
  const res = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(fields),
  });
  return { status: res.status, html: await res.text() };
}

const callbacksFor = (transId: string) => shop.received.filter((c) => c.fields.trans_id === transId);

describe('3DS', () => {
  it('05/2038: REDIRECT/3DS, the page completes it, the payer returns to term_url_3ds, SETTLED by callback and status', async () => {
    const res = await post(saleFields(merchant, { card_exp_month: '05', req_token: 'Y' }));
    expect(res.body).toMatchObject({ result: 'REDIRECT', status: '3DS', redirect_method: 'POST' });
    expect(res.body.redirect_url).toBe(`${platform.url}/threeds/${res.body.trans_id}`);
    expect(res.body.redirect_params).toEqual({ PaReq: expect.any(String), MD: res.body.trans_id });
    expect(callbacksFor(res.body.trans_id)).toHaveLength(0);
    expect((await post(transIdFields(merchant, 'GET_TRANS_STATUS', res.body.trans_id))).body.status).toBe('3DS');

    const page = await openRedirect(res.body);
    expect(page.status).toBe(200);
    expect(page.html).toContain('3-D Secure authentication');
    expect(page.html).toContain('411111****1111');
    expect(page.html).not.toContain('4111111111111111');

    const back = await submitPage(page.html);
    expect(back.status).toBe(200);
    expect(back.html).toContain('action="https://merchant.example/3ds-return" target="_top"');
    expect(back.html).toContain(`name="trans_id" value="${res.body.trans_id}"`);

    const cb = await eventually(() => callbacksFor(res.body.trans_id)[0]);
    expect(cb.fields).toMatchObject({
      action: 'SALE',
      result: 'SUCCESS',
      status: 'SETTLED',
      transStatus: 'Y',
      eci: '05',
      authenticationFlow: 'Challenge',
    });
    expect(cb.fields.card_token).toMatch(/^[0-9a-f]{64}$/);
    const status = await post(transIdFields(merchant, 'GET_TRANS_STATUS', res.body.trans_id));
    expect(status.body).toMatchObject({ status: 'SETTLED', transStatus: 'Y', protocolVersion: '2.2.0' });
  });

  it('06/2038: 3DS then DECLINED', async () => {
    const res = await post(saleFields(merchant, { card_exp_month: '06' }));
    expect(res.body).toMatchObject({ result: 'REDIRECT', status: '3DS' });
    await submitPage((await openRedirect(res.body)).html);
    const cb = await eventually(() => callbacksFor(res.body.trans_id)[0]);
    expect(cb.fields).toMatchObject({ result: 'DECLINED', status: 'DECLINED', transStatus: 'N' });
    expect((await post(transIdFields(merchant, 'GET_TRANS_STATUS', res.body.trans_id))).body.status).toBe('DECLINED');
  });

  it('submitting the page twice (even at once) completes the payment once', async () => {
    const res = await post(saleFields(merchant, { card_exp_month: '05' }));
    const page = await openRedirect(res.body);
    const results = await Promise.all([submitPage(page.html), submitPage(page.html), submitPage(page.html)]);
    for (const r of results) expect(r.status).toBe(200);
    await callbacksSettled(platform, [res.body.trans_id]);
    expect(callbacksFor(res.body.trans_id)).toHaveLength(1);
    const p = await deps().payments.get(res.body.trans_id);
    expect(p!.history.filter((h) => h.type === 'SALE')).toHaveLength(1);
  });

  it('a wrong page token shows nothing and completes nothing', async () => {
    const res = await post(saleFields(merchant, { card_exp_month: '05' }));
    const page = await openRedirect({ ...res.body, redirect_params: { PaReq: 'forged', MD: res.body.trans_id } });
    expect(page.status).toBe(404);
    const done = await fetch(`${platform.url}/threeds/${res.body.trans_id}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encodeForm({ PaReq: 'forged' }),
    });
    expect(done.status).toBe(404);
    expect((await post(transIdFields(merchant, 'GET_TRANS_STATUS', res.body.trans_id))).body.status).toBe('3DS');
  });

  it('mpi_data: no 3DS of our own, values stored as sent, trans_status N does not decline', async () => {
    const res = await post(
      saleFields(merchant, {
        card_exp_month: '05',
        'mpi_data[eci]': '05',
        'mpi_data[authentication_value]': 'AAABBBCCCDDDEEEFFFGGGHHHIIIJ',
        'mpi_data[ds_trans_id]': 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
        'mpi_data[3ds_version]': '2.2.0',
        'mpi_data[trans_status]': 'N',
      } as never),
    );
    expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    const status = await post(transIdFields(merchant, 'GET_TRANS_STATUS', res.body.trans_id));
    expect(status.body).toMatchObject({
      eci: '05',
      dsTransID: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
      protocolVersion: '2.2.0',
      transStatus: 'N',
    });
  });

  it('auth=Y with 3DS: after the page the authorization is PENDING and can be captured', async () => {
    const res = await post(saleFields(merchant, { card_exp_month: '05', auth: 'Y' }));
    await submitPage((await openRedirect(res.body)).html);
    expect((await post(transIdFields(merchant, 'GET_TRANS_STATUS', res.body.trans_id))).body.status).toBe('PENDING');
    expect((await post(transIdFields(merchant, 'CAPTURE', res.body.trans_id))).body).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
    });
  });
});

describe('REDIRECT', () => {
  it('12/2038 on /v2/post: redirect_params as a list, REDIRECT then SETTLED', async () => {
    const res = await post(saleFields(merchant, { card_exp_month: '12' }), '/v2/post');
    expect(res.body).toMatchObject({ result: 'REDIRECT', status: 'REDIRECT', redirect_method: 'POST' });
    expect(res.body.redirect_params).toEqual([
      { name: 'PaReq', value: expect.any(String) },
      { name: 'MD', value: res.body.trans_id },
    ]);
    const page = await openRedirect(res.body);
    expect(page.html).toContain('Payment confirmation');
    await submitPage(page.html);
    const cb = await eventually(() => callbacksFor(res.body.trans_id)[0]);
    expect(cb.fields).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect(cb.fields).not.toHaveProperty('transStatus');
  });

  it('12/2039: REDIRECT then DECLINED', async () => {
    const res = await post(saleFields(merchant, { card_exp_month: '12', card_exp_year: '2039' }));
    expect(res.body).toMatchObject({ result: 'REDIRECT', status: 'REDIRECT' });
    await submitPage((await openRedirect(res.body)).html);
    expect((await eventually(() => callbacksFor(res.body.trans_id)[0])).fields).toMatchObject({ result: 'DECLINED', status: 'DECLINED' });
  });
});

describe('link target', () => {
  it('term_url_target chooses where the payer returns; an invalid one is a field error', async () => {
    const res = await post(saleFields(merchant, { card_exp_month: '05', term_url_target: '_blank' }));
    const back = await submitPage((await openRedirect(res.body)).html);
    expect(back.html).toContain('target="_blank"');
    const bad = await post(saleFields(merchant, { term_url_target: 'bad target!' }));
    expect(bad.body.errors).toEqual([{ error_code: 100000, error_message: 'term_url_target: This value is not valid.' }]);
  });

  it("the merchant account's link target overrides term_url_target", async () => {
    const framed = await testMerchant({ notificationUrl: shop.url });
    await deps().merchants.update(framed.clientKey, { linkTarget: '_parent' });
    const res = await post(saleFields(framed, { card_exp_month: '05', term_url_target: '_blank' }));
    const back = await submitPage((await openRedirect(res.body)).html);
    expect(back.html).toContain('target="_parent"');
  });
});
