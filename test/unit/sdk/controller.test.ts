/** CheckoutWebViewController from navigation events alone (a fake backend answers the session). */
import { describe, expect, it } from 'vitest';
import {
  CheckoutSdk,
  CheckoutWebViewController,
  PlatformError,
  ReturnHashError,
  returnHash,
  type PaymentRequest,
} from '@open-payments/mobile-sdk';

const PAGE = 'https://pay.example/auth/tok';
const request: PaymentRequest = {
  operation: 'purchase',
  successUrl: 'https://shop.example/app/success?src=app',
  cancelUrl: 'https://shop.example/app/cancel',
  errorUrl: 'https://shop.example/app/error',
  expiryUrl: 'https://shop.example/app/expired',
  order: { number: 'o-1', amount: '10.00', currency: 'USD', description: 'Shoes' },
};

function sdk(password?: string, answer: { status: number; body: unknown } = { status: 200, body: { redirect_url: PAGE } }) {
  return new CheckoutSdk({
    backendUrl: 'https://backend.example',
    merchantKey: 'key',
    password,
    fetch: async () => ({ status: answer.status, text: async () => JSON.stringify(answer.body) }),
  });
}

const back = (page: string, q: Record<string, string>) => `https://shop.example/app/${page}?${new URLSearchParams(q)}`;

describe('CheckoutWebViewController', () => {
  it('starts once, lets the payment pages load, and settles success at successUrl with the ids', async () => {
    const c = new CheckoutWebViewController(sdk(), request);
    expect(await c.start()).toBe(PAGE);
    expect(await c.start()).toBe(PAGE);
    expect(c.shouldStartLoad(PAGE)).toBe(true);
    expect(c.shouldStartLoad(`${PAGE}/3ds`)).toBe(true);
    expect(c.shouldStartLoad('https://shop.example/app/successor')).toBe(true); // another page, not the return
    expect(c.shouldStartLoad(back('success', { src: 'app', payment_id: 'p-1', trans_id: 't-1', order_id: 'o-1', hash: 'h' }))).toBe(false);
    await expect(c.result).resolves.toEqual({ status: 'success', paymentId: 'p-1', transId: 't-1', orderId: 'o-1' });
    // Settled once: a later navigation changes nothing and is not loaded.
    c.onNavigation(back('cancel', { payment_id: 'p-1' }));
    c.close();
    expect(c.shouldStartLoad(PAGE)).toBe(false);
    await expect(c.result).resolves.toMatchObject({ status: 'success' });
  });

  it('tells cancel, error and expiry apart by page, ignoring host case and default ports', async () => {
    for (const [url, expected] of [
      ['https://SHOP.example:443/app/cancel?payment_id=p', { status: 'cancel', paymentId: 'p' }],
      ['https://shop.example/app/error?payment_id=p', { status: 'error', paymentId: 'p' }],
      ['https://shop.example/app/expired?payment_id=p', { status: 'cancel', expired: true, paymentId: 'p' }],
    ] as const) {
      const c = new CheckoutWebViewController(sdk(), request);
      c.onNavigation(url);
      await expect(c.result).resolves.toEqual(expected);
    }
  });

  it('tells pages on one path apart by the merchant\'s own query, and says "returned" when the URLs are the same', async () => {
    const byQuery = {
      ...request,
      successUrl: 'https://shop.example/r?result=ok',
      cancelUrl: 'https://shop.example/r?result=no',
      errorUrl: 'https://shop.example/r',
    };
    for (const [url, expected] of [
      ['https://shop.example/r?result=no&payment_id=p', { status: 'cancel', paymentId: 'p' }],
      ['https://shop.example/r?payment_id=p&result=ok', { status: 'success', paymentId: 'p' }],
      ['https://shop.example/r?payment_id=p', { status: 'error', paymentId: 'p' }],
    ] as const) {
      const c = new CheckoutWebViewController(sdk(), byQuery);
      c.onNavigation(url);
      await expect(c.result).resolves.toEqual(expected);
    }
    const same = {
      ...request,
      successUrl: 'https://shop.example/r',
      cancelUrl: 'https://shop.example/r',
      errorUrl: 'https://shop.example/r',
      expiryUrl: undefined,
    };
    const c = new CheckoutWebViewController(sdk(), same);
    expect(c.shouldStartLoad('https://shop.example/r?payment_id=p')).toBe(false);
    await expect(c.result).resolves.toEqual({ status: 'returned', paymentId: 'p' });
  });

  it('checks the return hash over the description the SDK filled in when the order has none', async () => {
    const { description: _none, ...order } = request.order;
    const good = returnHash({ password: 'pw' }, 'p-1', { ...order, description: 'Order o-1' });
    const c = new CheckoutWebViewController(sdk('pw'), { ...request, order });
    c.shouldStartLoad(back('success', { src: 'app', payment_id: 'p-1', order_id: 'o-1', hash: good }));
    await expect(c.result).resolves.toMatchObject({ status: 'success', hashVerified: true });
  });

  it('checks the return hash when it knows the password: verified, or rejected as tampered', async () => {
    const order = request.order;
    const good = returnHash({ password: 'pw' }, 'p-1', { ...order, description: order.description! });
    const ok = new CheckoutWebViewController(sdk('pw'), request);
    ok.shouldStartLoad(back('success', { payment_id: 'p-1', order_id: 'o-1', hash: good }));
    await expect(ok.result).resolves.toMatchObject({ status: 'success', hashVerified: true });
    const forged = new CheckoutWebViewController(sdk('pw'), request);
    expect(forged.shouldStartLoad(back('success', { payment_id: 'p-2', order_id: 'o-1', hash: good }))).toBe(false);
    await expect(forged.result).rejects.toBeInstanceOf(ReturnHashError);
  });

  it('settles closed when the view closes, error when the page cannot load', async () => {
    const closed = new CheckoutWebViewController(sdk(), request);
    closed.close();
    await expect(closed.result).resolves.toMatchObject({ status: 'closed' });
    const failed = new CheckoutWebViewController(sdk(), request);
    failed.fail('net::ERR_INTERNET_DISCONNECTED');
    await expect(failed.result).resolves.toEqual({ status: 'error', reason: 'net::ERR_INTERNET_DISCONNECTED' });
  });

  it("rejects start() and result with the platform's error when the session is refused", async () => {
    const c = new CheckoutWebViewController(
      sdk(undefined, { status: 400, body: { error_code: 0, error_message: 'Request data is invalid.', errors: [] } }),
      request,
    );
    await expect(c.start()).rejects.toBeInstanceOf(PlatformError);
    await expect(c.result).rejects.toMatchObject({ error_code: 0, error_message: 'Request data is invalid.' });
  });
});
