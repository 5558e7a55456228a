/** Bad input fails in the SDK with a clear message, before any request is sent. */
import { describe, expect, it } from 'vitest';
import { CheckoutSdk, InvalidRequestError, type PaymentRequest } from '@open-payments/mobile-sdk';

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
    const bad = request({ operation: 'sell' as never, cancelUrl: '', order: { number: 'o-1', amount: '10.5', currency: 'USD', description: 'Shoes' } });
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
    await expect(sdk.fetchPaymentUrl(request({ order: { number: 'o', amount: '1000.00', currency: 'JPY', description: 'Shoes' } }))).resolves.toBeTypeOf('string');
    expect(await amountProblem('1000.50', 'JPY')).toEqual([{ field: 'order.amount', message: 'JPY has no minor unit: the decimals must be zeros' }]);
    expect(await amountProblem('10.00', 'ISK')).toEqual([{ field: 'order.amount', message: 'must be written with 0 decimals for ISK, like "1000"' }]);
    expect(await amountProblem('1.00', 'KWD')).toEqual([{ field: 'order.amount', message: 'must be written with 3 decimals for KWD, like "10.000"' }]);
    expect(await amountProblem('10.00', 'usd')).toEqual([{ field: 'order.currency', message: 'must be an ISO 4217 code in capitals such as "USD" (got "usd")' }]);
  });

  it('wants the three return URLs on three different pages (the outcome is told by the page)', async () => {
    const { sdk } = sdkWithoutNetwork();
    expect(await problems(sdk.fetchPaymentUrl(request({ errorUrl: 'https://shop.example/cancel?why=error' })))).toEqual([
      { field: 'errorUrl', message: 'must lead to a different page than cancel_url (the outcome is told by the page)' },
    ]);
    expect(await problems(sdk.fetchPaymentUrl(request({ successUrl: 'shop://success' })))).toEqual([
      { field: 'successUrl', message: 'must be an http(s) URL of at most 1024 characters' },
    ]);
  });

  it('checks the operations\' ids and refund amounts', async () => {
    const { sdk, sent } = sdkWithoutNetwork();
    expect(await problems(sdk.checkStatus({ paymentId: '' }))).toEqual([{ field: 'paymentId', message: 'is required (the payment_id the platform returned)' }]);
    expect(await problems(sdk.checkStatus({ orderId: 'o-1', size: 101 }))).toEqual([{ field: 'size', message: 'must be a string from "1" to "100"' }]);
    expect(await problems(sdk.refundPayment({ paymentId: 'p-1', amount: '-1' }))).toEqual([{ field: 'amount', message: 'must be a decimal string such as "5.00"' }]);
    expect(await problems(sdk.refundPayment({ paymentId: 'p-1', amount: '0.00' }))).toEqual([{ field: 'amount', message: 'must be greater than 0' }]);
    expect(await problems(sdk.voidPayment({ paymentId: 'a b' }))).toEqual([{ field: 'paymentId', message: 'is required (the payment_id the platform returned)' }]);
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
