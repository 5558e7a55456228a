/**
 * Every SDK operation against a running platform, shared by the direct test (SDK with the password, backendUrl =
 * the platform) and the backend test (SDK without a password, backendUrl = the reference merchant backend).
 */
import { expect, it } from 'vitest';
import { CheckoutSdk, InvalidRequestError, PlatformError } from '@open-payments/mobile-sdk';
import { eventually } from '../../support/platform.js';
import { payOnPage, paymentRequest, requestsContaining, type RecordedRequest } from './support.js';

export interface OperationsContext {
  sdk: () => CheckoutSdk;
  /** Requests the SDK sent (and, through a backend, those the backend sent on). */
  requests: () => RecordedRequest[];
  password: () => string;
  platformUrl: () => string;
}

export function operationTests(ctx: OperationsContext): void {
  it('fetchPaymentUrl answers the hosted page, which takes the sandbox card', async () => {
    const request = paymentRequest();
    const url = await ctx.sdk().fetchPaymentUrl(request);
    expect(url).toMatch(new RegExp(`^${ctx.platformUrl()}/auth/[A-Za-z0-9_-]{43}$`));
    const paymentId = await payOnPage(url);
    const status = await ctx.sdk().checkStatus({ paymentId });
    expect(status).toMatchObject({
      payment_id: paymentId,
      status: 'settled',
      order: { number: request.order.number, amount: '10.00', currency: 'USD' },
    });
  });

  it('checkStatus by order_id, alone and with size', async () => {
    const request = paymentRequest();
    const paymentId = await payOnPage(await ctx.sdk().fetchPaymentUrl(request));
    await expect(ctx.sdk().checkStatus({ orderId: request.order.number })).resolves.toMatchObject({ payment_id: paymentId });
    const list = await ctx.sdk().checkStatus({ orderId: request.order.number, size: 5 });
    expect(list.map((p) => p.payment_id)).toEqual([paymentId]);
  });

  it('refundPayment partially, then the rest; the status ends in refund', async () => {
    const paymentId = await payOnPage(await ctx.sdk().fetchPaymentUrl(paymentRequest()));
    await expect(ctx.sdk().refundPayment({ paymentId, amount: '4.00' })).resolves.toEqual({ payment_id: paymentId, result: 'accepted' });
    await expect(ctx.sdk().refundPayment({ paymentId })).resolves.toEqual({ payment_id: paymentId, result: 'accepted' });
    await eventually(async () => (await ctx.sdk().checkStatus({ paymentId })).status === 'refund' || undefined);
  });

  it('voidPayment voids a settled payment the same day; a second void is refused as a PlatformError', async () => {
    const paymentId = await payOnPage(await ctx.sdk().fetchPaymentUrl(paymentRequest()));
    await expect(ctx.sdk().voidPayment({ paymentId })).resolves.toMatchObject({
      status: 'SUCCESS',
      payment_status: 'void',
      payment_id: paymentId,
    });
    const again = await ctx
      .sdk()
      .voidPayment({ paymentId })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PlatformError);
    expect(again).toMatchObject({ httpStatus: 400, error_code: expect.any(Number), error_message: expect.any(String) });
    expect((await ctx.sdk().checkStatus({ paymentId })).status).toBe('void');
  });

  it("throws PlatformError with the platform's error_code and error_message", async () => {
    const err = await ctx
      .sdk()
      .checkStatus({ paymentId: '00000000-0000-4000-8000-000000000000' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ httpStatus: 400, error_code: 101000, error_message: 'Payment does not exist.' });
    const refused = await ctx
      .sdk()
      .fetchPaymentUrl(paymentRequest({ order: { number: 'o-1', amount: '0.00', currency: 'USD', description: 'Zero' } }))
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      error_code: 100000,
      error_message: 'Request data is invalid.',
      errors: [{ error_code: 100000, error_message: 'amount: This value should be greater than 0.' }],
    });
  });

  it('stops bad input before any request', async () => {
    const before = ctx.requests().length;
    await expect(ctx.sdk().fetchPaymentUrl(paymentRequest({ errorUrl: '' }))).rejects.toBeInstanceOf(InvalidRequestError);
    expect(ctx.requests().length).toBe(before);
  });

  it('never sent the password, in any form, in any request', () => {
    expect(ctx.requests().length).toBeGreaterThan(10);
    expect(requestsContaining(ctx.requests(), ctx.password())).toEqual([]);
  });
}
