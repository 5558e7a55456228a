/**
 * Alternative methods on the page: a purchase session offers card and the APM brands the platform accepts (sandbox
 * vcard), honouring the session's `methods`. vcard's identifier chooses the outcome: success@gmail.com pays,
 * fail@gmail.com is declined, redirect@gmail.com asks the payer to approve on the page first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deps } from '../../../shared/entry/composition/deps.js';
import { merchantSettings } from '../../../shared/operations/admin/merchants.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { checkoutHash } from '../../../shared/protocol/signature.js';
import { eventually, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { card, continueLink, createSession, get, postPage, returnHash, returnQuery, sessionBody, signed } from './support.js';

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

const callbacks = (id: string) => shop.received.filter((c) => c.fields.id === id).map((c) => c.fields);
const api = (path: string, body: Record<string, unknown>) => postJson(`${platform.url}/api/v1/payment/${path}`, body);
const vcard = (identifier: string) => ({ method: 'vcard', identifier });

describe('methods on the page', () => {
  it('offers card and vcard for a purchase without methods; only card for the card-to-card operations', async () => {
    const { url } = await createSession(platform.url, merchant);
    const page = (await get(url)).html;
    expect(page).toMatch(/<input type="radio" name="method" value="card" checked><span>Card<\/span>/);
    expect(page).toMatch(/<input type="radio" name="method" value="vcard"><span>vcard<\/span>/);
    expect(page).toContain('<label for="identifier">');
    expect(page).toContain('<label for="card_number">');

    for (const operation of ['debit', 'credit', 'transfer']) {
      const html = (await get((await createSession(platform.url, merchant, { operation })).url)).html;
      expect(html).not.toContain('value="vcard"');
      expect(html).not.toContain('name="identifier"');
    }
  });

  it('honours methods: vcard only shows no card form; card only shows no vcard; nothing servable is refused', async () => {
    const onlyVcard = (await get((await createSession(platform.url, merchant, { methods: ['vcard'] })).url)).html;
    expect(onlyVcard).toContain('<input type="hidden" name="method" value="vcard">');
    expect(onlyVcard).toContain('<label for="identifier">');
    expect(onlyVcard).not.toContain('name="card_number"');

    const onlyCard = (await get((await createSession(platform.url, merchant, { methods: ['card', 'paypal'] })).url)).html;
    expect(onlyCard).not.toContain('vcard');
    expect(onlyCard).toContain('name="card_number"');

    const none = await postJson(`${platform.url}/api/v1/session`, sessionBody(merchant, { methods: ['paypal'] }));
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ error_code: 100000, error_message: 'methods: Not found acceptable methods' }]);
    const debitVcard = await postJson(`${platform.url}/api/v1/session`, sessionBody(merchant, { operation: 'debit', methods: ['vcard'] }));
    expect(debitVcard.body.errors).toEqual([{ error_code: 100000, error_message: 'methods: Not found acceptable methods' }]);
  });

  it('offers only the methods the merchant turned on', async () => {
    const cardOnly = await testMerchant({ notificationUrl: shop.url });
    const current = (await deps().merchants.get(cardOnly.clientKey))!.merchant;
    await deps().merchants.update(cardOnly.clientKey, merchantSettings(current, { methods: ['card'] }));
    const html = (await get((await createSession(platform.url, cardOnly)).url)).html;
    expect(html).toContain('name="card_number"');
    expect(html).not.toContain('vcard');
    const refused = await postJson(`${platform.url}/api/v1/session`, sessionBody(cardOnly, { methods: ['vcard'] }));
    expect(refused.body.errors).toEqual([{ error_code: 100000, error_message: 'methods: Not found acceptable methods' }]);
    expect(() => merchantSettings(current, { methods: ['paypal'] })).toThrow(/Unknown method/);
  });

  it('pays with vcard success@gmail.com: success_url, type sale callback, status, refund', async () => {
    const { url, order } = await createSession(platform.url, merchant, { custom_data: { basket: '7' } });
    const res = await postPage(`${url}/pay`, vcard('success@gmail.com'));
    expect(res.html).toContain('Payment successful');
    const q = returnQuery(res.html);
    expect(new URL(continueLink(res.html)!.href).pathname).toBe('/success');
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
    const cb = await eventually(() => callbacks(q.payment_id!)[0]);
    expect(cb).toMatchObject({
      type: 'sale',
      status: 'success',
      order_status: 'settled',
      brand: 'vcard',
      checkout_payment_method: 'vcard',
      custom_data: { basket: '7' },
    });
    expect(cb.card).toBeUndefined();
    expect(cb.hash).toBe(checkoutHash([q.payment_id!, order.number, '10.00', 'USD', 'Blue T-shirt'], merchant.password));

    const status = await api('status', signed(merchant, { payment_id: q.payment_id }, [q.payment_id!]));
    expect(status.body).toMatchObject({ payment_id: q.payment_id, status: 'settled' });
    const refund = await api('refund', signed(merchant, { payment_id: q.payment_id, amount: '10.00' }, [q.payment_id!, '10.00']));
    expect(refund.body).toEqual({ payment_id: q.payment_id, result: 'accepted' });
    const refunded = await eventually(() => callbacks(q.payment_id!).find((c) => c.type === 'refund'));
    expect(refunded).toMatchObject({ status: 'success', order_status: 'refund' });
    // One link per payment.
    expect((await get(url)).status).toBe(410);
  });

  it('declines vcard fail@gmail.com and returns to cancel_url', async () => {
    const { url } = await createSession(platform.url, merchant);
    const res = await postPage(`${url}/pay`, vcard('fail@gmail.com'));
    expect(res.html).toContain('Payment declined');
    expect(res.html).toContain('Declined by processing.');
    expect(new URL(continueLink(res.html)!.href).pathname).toBe('/cancel');
    const cb = await eventually(() => callbacks(returnQuery(res.html).payment_id!)[0]);
    expect(cb).toMatchObject({ type: 'sale', status: 'fail', order_status: 'decline', brand: 'vcard' });
  });

  it('asks for the identifier, keeps the chosen method after an error, and ignores card fields for vcard', async () => {
    const { url } = await createSession(platform.url, merchant);
    const res = await postPage(`${url}/pay`, { ...card('01/38', { card_number: '' }), method: 'vcard' });
    expect(res.status).toBe(400);
    expect(res.html).toMatch(/id="identifier-error" role="alert">This field is required\./);
    expect(res.html).toMatch(/value="vcard" checked/);
    expect(res.html).not.toMatch(/id="card_number-error" role="alert">[^<]/);
    const unknown = await postPage(`${url}/pay`, { method: 'paypal', identifier: 'x@y.z' });
    expect(unknown.status).toBe(400);
    // Card stays payable in the same session.
    expect((await postPage(`${url}/pay`, { ...card('01/38'), method: 'card' })).html).toContain('Payment successful');
  });

  it('holds the funds with auth=true, then captures', async () => {
    const { url } = await createSession(platform.url, merchant, { auth: true });
    const q = returnQuery((await postPage(`${url}/pay`, vcard('success@gmail.com'))).html);
    expect(await eventually(() => callbacks(q.payment_id!)[0])).toMatchObject({ type: 'sale', status: 'success', order_status: 'pending' });
    const capture = await api('capture', signed(merchant, { payment_id: q.payment_id, amount: '10.00' }, [q.payment_id!, '10.00']));
    expect(capture.body).toEqual({ payment_id: q.payment_id, result: 'accepted' });
    expect(await eventually(() => callbacks(q.payment_id!).find((c) => c.type === 'capture'))).toMatchObject({
      status: 'success',
      order_status: 'settled',
    });
  });

  it('lets the payer approve a redirecting method on the page (redirect@gmail.com)', async () => {
    const { url } = await createSession(platform.url, merchant);
    const res = await postPage(`${url}/pay`, vcard('redirect@gmail.com'));
    expect(res.status).toBe(303);
    const step = await get(url);
    expect(step.html).toContain('Continue with vcard');
    expect(step.html).not.toContain('3-D Secure');
    const done = await postPage(`${url}/3ds`, {});
    expect(done.html).toContain('Payment successful');
    const id = returnQuery(done.html).payment_id!;
    const cb = await eventually(() => callbacks(id).find((c) => c.type === 'sale'));
    expect(cb).toMatchObject({ type: 'sale', status: 'success', order_status: 'settled', brand: 'vcard' });
    // The redirect step is reported too (§5.3), before the outcome; one outcome only.
    expect(callbacks(id).map((c) => `${c.type}/${c.status}`)).toEqual(['redirect/waiting', 'redirect/success', 'sale/success']);
  });
});
