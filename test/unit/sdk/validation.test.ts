/** Bad input fails in the SDK with a clear message, before any request is sent. */
import { describe, expect, it } from 'vitest';
import { CheckoutSdk, InvalidRequestError, sessionHash, type PaymentRequest } from '@open-payments/mobile-sdk';

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  operation: 'purchase',
  successUrl: 'https://shop.example/success',
  cancelUrl: 'https://shop.example/cancel',
  errorUrl: 'https://shop.example/error',
  order: { number: 'order-1', amount: '10.00', currency: 'USD', description: 'Blue T-shirt' },
  ...over,
});

function sdkWithoutNetwork() {
  const sent: string[] = [];
  const sdk = new CheckoutSdk({
    backendUrl: 'https://backend.example',
    fetch: async (url) => {
      sent.push(url);
      return { status: 200, text: async () => '{"redirect_url":"https://pay.example/auth/x"}' };
    },
  });
  return { sdk, sent };
}

async function problems(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InvalidRequestError);
  return (err as InvalidRequestError).problems;
}

describe('SDK input checks', () => {
  it('names a missing URL, a wrong amount format for the currency and an unknown operation, and sends nothing', async () => {
    const { sdk, sent } = sdkWithoutNetwork();
    const bad = request({
      operation: 'sell' as never,
      cancelUrl: '',
      order: { number: 'o-1', amount: '10.5', currency: 'USD', description: 'Shoes' },
    });
    expect(await problems(sdk.fetchPaymentUrl(bad))).toEqual([
      { field: 'operation', message: 'must be one of purchase, debit, credit, transfer (got "sell")' },
      { field: 'cancelUrl', message: 'is required' },
      { field: 'order.amount', message: 'must be written with 2 decimals for USD, like "10.00"' },
    ]);
    expect(sent).toEqual([]);
  });

  it('knows each currency\'s format: JPY with ".00" zeros, ISK whole, KWD three decimals', async () => {
    const { sdk } = sdkWithoutNetwork();
    const amountProblem = (amount: string, currency: string) =>
      problems(sdk.fetchPaymentUrl(request({ order: { number: 'o', amount, currency, description: 'Shoes' } })));
    await expect(
      sdk.fetchPaymentUrl(request({ order: { number: 'o', amount: '1000.00', currency: 'JPY', description: 'Shoes' } })),
    ).resolves.toBeTypeOf('string');
    expect(await amountProblem('1000.50', 'JPY')).toEqual([
      { field: 'order.amount', message: 'JPY has no minor unit: the decimals must be zeros' },
    ]);
    expect(await amountProblem('10.00', 'ISK')).toEqual([
      { field: 'order.amount', message: 'must be written with 0 decimals for ISK, like "1000"' },
    ]);
    expect(await amountProblem('1.00', 'KWD')).toEqual([
      { field: 'order.amount', message: 'must be written with 3 decimals for KWD, like "10.000"' },
    ]);
    expect(await amountProblem('10.00', 'usd')).toEqual([
      { field: 'order.currency', message: 'must be an ISO 4217 code in capitals such as "USD" (got "usd")' },
    ]);
  });

  it("takes a request with only the spec's fields: no description, the three return URLs on one page", async () => {
    const bodies: string[] = [];
    const sdk = new CheckoutSdk({
      backendUrl: 'https://backend.example',
      merchantKey: 'key',
      password: 'pw',
      fetch: async (_url, init) => {
        bodies.push(init.body);
        return { status: 200, text: async () => '{"redirect_url":"https://pay.example/auth/x"}' };
      },
    });
    const specOnly: PaymentRequest = {
      operation: 'purchase',
      successUrl: 'https://shop.example/return',
      cancelUrl: 'https://shop.example/return',
      errorUrl: 'https://shop.example/return',
      order: { number: 'order-7', amount: '10.00', currency: 'USD' },
    };
    await expect(sdk.fetchPaymentUrl(specOnly)).resolves.toBe('https://pay.example/auth/x');
    // The platform needs a description (2–1024): the SDK fills one in and signs over it.
    const sent = JSON.parse(bodies[0]!);
    expect(sent.order).toEqual({ number: 'order-7', amount: '10.00', currency: 'USD', description: 'Order order-7' });
    expect(sent.hash).toBe(sessionHash({ password: 'pw' }, sent.order));
  });

  it('still checks each return URL and a description that is given', async () => {
    const { sdk } = sdkWithoutNetwork();
    expect(await problems(sdk.fetchPaymentUrl(request({ successUrl: 'shop://success' })))).toEqual([
      { field: 'successUrl', message: 'must be an http(s) URL of at most 1024 characters' },
    ]);
    expect(
      await problems(sdk.fetchPaymentUrl(request({ order: { number: 'o', amount: '1.00', currency: 'USD', description: 'x' } }))),
    ).toEqual([{ field: 'order.description', message: 'must be 2 to 1024 characters' }]);
  });

  it("sends the app user's token as a bearer token on every operation, fetched afresh each time", async () => {
    const auth: Array<string | undefined> = [];
    let n = 0;
    const sdk = new CheckoutSdk({
      backendUrl: 'https://backend.example',
      getAuthToken: async () => `token-${++n}`,
      fetch: async (_url, init) => {
        auth.push(init.headers.authorization);
        return { status: 200, text: async () => '{"redirect_url":"https://pay.example/auth/x","payment_id":"p-1","result":"accepted"}' };
      },
    });
    await sdk.fetchPaymentUrl(request());
    await sdk.checkStatus({ paymentId: 'p-1' });
    await sdk.refundPayment({ paymentId: 'p-1' });
    await sdk.voidPayment({ paymentId: 'p-1' });
    expect(auth).toEqual(['Bearer token-1', 'Bearer token-2', 'Bearer token-3', 'Bearer token-4']);
    const { sdk: anonymous } = sdkWithoutNetwork();
    expect(() => new CheckoutSdk({ backendUrl: 'https://b.example', getAuthToken: 'abc' as never })).toThrow(/getAuthToken/);
    await expect(anonymous.fetchPaymentUrl(request())).resolves.toBeTypeOf('string');
  });

  it("checks the operations' ids and refund amounts", async () => {
    const { sdk, sent } = sdkWithoutNetwork();
    expect(await problems(sdk.checkStatus({ paymentId: '' }))).toEqual([
      { field: 'paymentId', message: 'is required (the payment_id the platform returned)' },
    ]);
    expect(await problems(sdk.checkStatus({ orderId: 'o-1', size: 101 }))).toEqual([
      { field: 'size', message: 'must be a string from "1" to "100"' },
    ]);
    expect(await problems(sdk.refundPayment({ paymentId: 'p-1', amount: '-1' }))).toEqual([
      { field: 'amount', message: 'must be a decimal string such as "5.00"' },
    ]);
    expect(await problems(sdk.refundPayment({ paymentId: 'p-1', amount: '0.00' }))).toEqual([
      { field: 'amount', message: 'must be greater than 0' },
    ]);
    expect(await problems(sdk.voidPayment({ paymentId: 'a b' }))).toEqual([
      { field: 'paymentId', message: 'is required (the payment_id the platform returned)' },
    ]);
    expect(sent).toEqual([]);
  });

  it('refuses a configuration that could not sign or reach anything', () => {
    expect(() => new CheckoutSdk({ backendUrl: 'backend.example' })).toThrow(/backendUrl: must be an http\(s\) URL/);
    expect(() => new CheckoutSdk({ backendUrl: 'https://b.example', password: 'x' })).toThrow(/merchantKey: is required/);
  });

  it('keeps the password out of what a log shows of the SDK object', () => {
    const sdk = new CheckoutSdk({ backendUrl: 'https://b.example', merchantKey: 'k', password: 'very-secret-password' });
    expect(JSON.stringify(sdk)).not.toContain('very-secret-password');
    expect(String(Object.values(sdk))).not.toContain('very-secret-password');
  });
});
