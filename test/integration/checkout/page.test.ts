/**
 * The payer's page over HTTP (a scripted payer with fetch; the real-browser run is test/e2e/checkout.test.ts):
 * security headers, language, the sandbox cards, 3DS, the return URL and its hash, callbacks, dead links, races.
 */
// First: this file reads the platform's logs, at DEBUG (see the module).
import '../../support/read-logs.js';
import { cvvPattern } from '../../../scripts/security/card-data.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { checkoutHash } from '../../../shared/protocol/signature.js';
import { sessionTokenHash } from '../../../shared/operations/checkout/session-token.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { card, continueLink, createSession, get, postPage, returnHash } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await shop?.close();
});

function returnParams(html: string) {
  const link = continueLink(html);
  expect(link).toBeDefined();
  const url = new URL(link!.href);
  return { url, target: link!.target, q: Object.fromEntries(url.searchParams) };
}

describe('the hosted payment page', () => {
  it('is served with a strict CSP whose nonce is the only way a script or style runs', async () => {
    const { url } = await createSession(platform.url, merchant);
    const page = await get(url);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/form-action 'self'/);
    expect(csp).not.toContain('unsafe-inline');
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
    expect(page.html).toContain(`<script nonce="${nonce}">`);
    expect(page.html).toContain(`<style nonce="${nonce}">`);
    expect(page.html).not.toMatch(/ style="/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    // Accessible form: every input has a label and its error region.
    for (const id of ['card_number', 'expiry', 'cvv', 'holder']) {
      expect(page.html).toContain(`<label for="${id}">`);
      expect(page.html).toContain(`aria-describedby="${id === 'expiry' || id === 'cvv' ? `${id}-hint ` : ''}${id}-error"`);
    }
    expect(page.html).toContain('autocomplete="cc-number"');
    const again = await get(url);
    expect(again.headers.get('content-security-policy')).not.toBe(csp); // a fresh nonce per response
  });

  it('speaks the language of billing_address.language, case-insensitively, English otherwise', async () => {
    const lang = async (language?: string) =>
      (await get((await createSession(platform.url, merchant, { billing_address: { country: 'DE', language } })).url)).html;
    expect(await lang('DE')).toMatch(/<html lang="de" dir="ltr">[\s\S]*Kartennummer/);
    expect(await lang('fr')).toContain('Numéro de carte');
    expect(await lang('Sp')).toMatch(/<html lang="es"[\s\S]*Número de tarjeta/);
    expect(await lang('ru')).toContain('Номер карты');
    expect(await lang('ar')).toMatch(/<html lang="ar" dir="rtl">[\s\S]*رقم البطاقة/);
    expect(await lang('ja')).toMatch(/<html lang="ja"[\s\S]*カード番号/); // all 21 codes of the spec are translated (issue 9 item 11)
    expect(await lang('xx')).toMatch(/<html lang="en"[\s\S]*Card number/);
    expect(await lang(undefined)).toContain('Card number');
  });

  it('pays with 01/38, returns to success_url with a valid hash, calls back, and the link dies', async () => {
    const { url, order } = await createSession(platform.url, merchant, { custom_data: { cart: '42' } });
    const res = await postPage(`${url}/pay`, card('01/38'));
    expect(res.status).toBe(200);
    expect(res.html).toContain('Payment successful');
    const { url: back, target, q } = returnParams(res.html);
    expect(back.origin + back.pathname).toBe('https://shop.example/success');
    expect(target).toBe('_top');
    expect(q.order_id).toBe(order.number);
    expect(q.payment_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(q.trans_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));

    const cb = await eventually(() => shop.received.find((c) => c.fields.id === q.payment_id));
    expect(cb.fields).toMatchObject({
      id: q.payment_id,
      order_number: order.number,
      order_amount: '10.00',
      order_currency: 'USD',
      order_description: 'Blue T-shirt',
      order_status: 'settled',
      type: 'sale',
      status: 'success',
      card: '411111****1111',
      card_expiration_date: '01/2038',
      customer_name: 'John Doe',
      customer_email: 'doe@example.com',
      customer_country: 'US',
      customer_state: 'CA',
      customer_ip: '127.0.0.1',
      custom_data: { cart: '42' },
    });
    expect(cb.fields.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(cb.fields.hash).toBe(checkoutHash([q.payment_id!, order.number, '10.00', 'USD', 'Blue T-shirt'], merchant.password));

    // One link per payment: after success it only says so, and cannot pay again.
    const after = await get(url);
    expect(after.status).toBe(410);
    expect(after.html).toContain('This payment link is no longer valid.');
    expect(after.html).not.toContain('id="pay-form"');
    const twice = await postPage(`${url}/pay`, card('01/38'));
    expect(twice.status).toBe(410);
  });

  it('shows the decline of 02/38 and returns to cancel_url', async () => {
    const { url, order } = await createSession(platform.url, merchant);
    const res = await postPage(`${url}/pay`, card('02/38'));
    expect(res.html).toContain('Payment declined');
    expect(res.html).toContain('Declined by processing.');
    const { url: back, q } = returnParams(res.html);
    expect(back.pathname).toBe('/cancel');
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
    const cb = await eventually(() => shop.received.find((c) => c.fields.id === q.payment_id));
    expect(cb.fields).toMatchObject({ type: 'sale', status: 'fail', order_status: 'decline', reason: 'Declined by processing.' });
  });

  it('rejects a number that fails Luhn with the platform text and keeps nothing of the card', async () => {
    const { url } = await createSession(platform.url, merchant);
    const res = await postPage(`${url}/pay`, card('01/38', { card_number: '1111 2222 3333 4444' }));
    expect(res.status).toBe(400);
    expect(res.html).toContain('Bad Request. Brand of card does not support.');
    expect(res.html).toContain('id="card_number" name="card_number" aria-invalid="true"');
    expect(res.html).not.toContain('1111 2222 3333 4444');
    expect(res.html).not.toContain('value="123"');
    expect(res.html).toContain('value="JOHN DOE"'); // the name is kept for the retry
    const luhn = await postPage(`${url}/pay`, card('01/38', { card_number: '4111111111111112' }));
    expect(luhn.status).toBe(400);
    expect(luhn.html).toContain('Bad Request. Brand of card does not support.');
    // The session is still open: the payer can correct the number.
    const ok = await postPage(`${url}/pay`, card('01/38'));
    expect(ok.html).toContain('Payment successful');
  });

  it('lists each missing or malformed field in the page language', async () => {
    const { url } = await createSession(platform.url, merchant, { billing_address: { country: 'DE', language: 'de' } });
    const res = await postPage(`${url}/pay`, { card_number: '', expiry: '13/30', cvv: '12', holder: '' });
    expect(res.status).toBe(400);
    expect(res.html).toContain('Dieses Feld ist erforderlich.');
    expect(res.html).toContain('Geben Sie das Ablaufdatum als MM/JJ ein.');
    expect(res.html).toContain('Geben Sie den 3- oder 4-stelligen Sicherheitscode ein.');
    const expired = await postPage(`${url}/pay`, card('01/20'));
    expect(expired.html).toContain('Diese Karte ist abgelaufen.');
  });

  it('runs the 3DS step for 05/38 (passes) and 06/38 (fails)', async () => {
    for (const [expiry, paid] of [
      ['05/38', true],
      ['06/38', false],
    ] as const) {
      const { url, order } = await createSession(platform.url, merchant);
      const res = await postPage(`${url}/pay`, card(expiry));
      expect(res.status).toBe(303);
      expect(res.location).toBe(url);
      const step = await get(url);
      expect(step.html).toContain('3-D Secure');
      expect(step.html).toContain(`action="${url}/3ds"`);
      const done = await postPage(`${url}/3ds`, {});
      expect(done.html).toContain(paid ? 'Payment successful' : 'Payment declined');
      const { url: back, q } = returnParams(done.html);
      expect(back.pathname).toBe(paid ? '/success' : '/cancel');
      expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
      expect(q.trans_id).not.toBe(q.payment_id); // the transaction that decided it, after the 3DS step
      const cb = await eventually(() => shop.received.find((c) => c.fields.id === q.payment_id && c.fields.type === 'sale'));
      expect(cb.fields).toMatchObject(
        paid ? { type: 'sale', status: 'success', order_status: 'settled' } : { type: 'sale', status: 'fail', order_status: 'decline' },
      );
      // The step itself is reported too (§5.3): the payer was sent to 3DS, then passed or failed it; before the outcome.
      const all = shop.received
        .filter((c) => c.fields.id === q.payment_id)
        .map((c) => `${c.fields.type}/${c.fields.status}/${c.fields.order_status}`);
      expect(all).toEqual(['3ds/waiting/3ds', `3ds/${paid ? 'success' : 'fail'}/3ds`, paid ? 'sale/success/settled' : 'sale/fail/decline']);
      expect((await postPage(`${url}/3ds`, {})).status).toBe(410);
    }
  });

  it('holds funds with auth=true (order_status pending)', async () => {
    const { url } = await createSession(platform.url, merchant, { auth: true });
    const res = await postPage(`${url}/pay`, card('01/38'));
    const { q } = returnParams(res.html);
    const cb = await eventually(() => shop.received.find((c) => c.fields.id === q.payment_id));
    expect(cb.fields).toMatchObject({ type: 'sale', status: 'success', order_status: 'pending' });
  });

  it('lets the payer cancel to cancel_url, with payment_id, order_id and hash', async () => {
    const { url, order } = await createSession(platform.url, merchant);
    const res = await postPage(`${url}/cancel`, {});
    const { url: back, q } = returnParams(res.html);
    expect(back.pathname).toBe('/cancel');
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
    expect(q.trans_id).toBeUndefined();
    expect((await get(url)).status).toBe(410);
  });

  it('honours url_target, overridden by the merchant link target', async () => {
    const s1 = await createSession(platform.url, merchant, { url_target: '_self' });
    expect(returnParams((await postPage(`${s1.url}/pay`, card('01/38'))).html).target).toBe('_self');
    const framed = await testMerchant();
    await deps().merchants.update(framed.clientKey, { linkTarget: '_parent' });
    const s2 = await createSession(platform.url, { ...framed }, { url_target: '_self' });
    expect(returnParams((await postPage(`${s2.url}/pay`, card('01/38'))).html).target).toBe('_parent');
  });

  it('shows the Terms and Conditions checkbox when the merchant turns it on, and requires it', async () => {
    const strict = await testMerchant();
    await deps().merchants.update(strict.clientKey, { termsCheckbox: true });
    const { url } = await createSession(platform.url, strict);
    expect((await get(url)).html).toContain('name="terms"');
    const refused = await postPage(`${url}/pay`, card('01/38'));
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Please accept the Terms and Conditions.');
    const ok = await postPage(`${url}/pay`, { ...card('01/38'), terms: '1' });
    expect(ok.html).toContain('Payment successful');
    const { url: plain } = await createSession(platform.url, merchant);
    expect((await get(plain)).html).not.toContain('name="terms"');
  });

  it('dies when the session expires: to expiry_url if given, else an expired page', async () => {
    const expire = async (sessionUrl: string) => {
      const d = deps();
      const token = sessionUrl.split('/').pop()!;
      const s = (await d.checkoutSessions.getByTokenHash(sessionTokenHash(token)))!;
      await d.checkoutSessions.update({ ...s, expiresAt: new Date(Date.now() - 1000).toISOString(), version: s.version + 1 });
    };
    const withUrl = await createSession(platform.url, merchant, { expiry_url: 'https://shop.example/expired' });
    await expire(withUrl.url);
    const { url: back, q } = returnParams((await get(withUrl.url)).html);
    expect(back.pathname).toBe('/expired');
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, withUrl.order));
    expect((await get(withUrl.url)).status).toBe(410);

    const without = await createSession(platform.url, merchant);
    await expire(without.url);
    const page = await get(without.url);
    expect(page.status).toBe(410);
    expect(page.html).toContain('This payment link has expired.');
    expect((await postPage(`${without.url}/pay`, card('01/38'))).html).not.toContain('Payment successful');
  });

  it('answers unknown and malformed tokens with a not-found page', async () => {
    expect((await get(`${platform.url}/auth/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await get(`${platform.url}/auth/short`)).status).toBe(404);
  });

  it('starts one payment when the same page is submitted twice at once', async () => {
    const { url } = await createSession(platform.url, merchant);
    const results = await Promise.all([1, 2, 3].map(() => postPage(`${url}/pay`, card('01/38'))));
    const paid = results.filter((r) => r.html.includes('Payment successful'));
    expect(paid).toHaveLength(1);
    const paymentId = returnParams(paid[0]!.html).q.payment_id!;
    const payment = await deps().payments.get(paymentId);
    expect(payment?.status).toBe('SETTLED');
    await callbacksSettled(platform, [paymentId]);
    expect(shop.received.filter((c) => c.fields.id === paymentId)).toHaveLength(1);
  });

  it('keeps the PAN and CVV out of DynamoDB and the logs', async () => {
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      written.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
    try {
      for (const expiry of ['01/38', '05/38']) {
        const { url } = await createSession(platform.url, merchant, { recurring_init: true, req_token: true });
        const res = await postPage(`${url}/pay`, card(expiry, { cvv: '7391' }));
        if (res.status === 303) await postPage(`${url}/3ds`, {});
      }
    } finally {
      process.stdout.write = write;
    }
    const items = (await awsClients().ddb.send(new ScanCommand({ TableName: platform.resources.tableName }))).Items ?? [];
    const text = JSON.stringify(items);
    expect(text).toContain('411111'); // masked cards are there
    expect(text).not.toContain('4111111111111111');
    // As a value of its own: hashes, ciphertexts and ids are hex/base64 runs that may contain the four digits.
    expect(text).not.toMatch(cvvPattern('7391'));
    expect(written.join('')).toContain('POST /auth/{token}/pay');
    expect(written.join('')).not.toContain('4111111111111111');
    expect(written.join('')).not.toContain('4111 1111 1111 1111');
  });
});
