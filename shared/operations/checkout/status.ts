/**
 * POST /api/v1/payment/status, by payment_id or by order_id. By order: size omitted → one object (the latest);
 * size 1 → an array of one; 2..100 → that many most recent attempts; otherwise "size should be within 1..100".
 */
import type { Deps } from '../deps.js';
import { NotFoundError, ValidationError } from '../../domain/errors.js';
import { idHash } from '../../protocol/checkout/hashes.js';
import { bodyFields, JsonFields, optional, required } from '../../protocol/checkout/operation-request.js';
import { statusBody } from '../../protocol/checkout/responses.js';
import { checkoutMerchant } from './merchant.js';
import { checkHash, checkoutPayment } from './lookup.js';

export const SIZE_MESSAGE = 'size should be within 1..100';

/** The body, in the order it is validated: payment_id or order_id (one of them is required); size is read apart. */
export const STATUS_FIELDS = bodyFields({ payment_id: optional(), order_id: optional(), hash: required() });

export async function paymentStatus(
  d: Pick<Deps, 'payments' | 'merchants'>,
  rawBody: string,
  callerIp: string | undefined,
): Promise<unknown> {
  const f = JsonFields.parse(rawBody);
  const paymentId = f.read(STATUS_FIELDS.payment_id);
  const orderId = f.read(STATUS_FIELDS.order_id);
  if (!paymentId && !orderId) f.fail('payment_id', 'This value should not be blank.');
  const sizeValue = f.body.size;
  f.read(STATUS_FIELDS.hash);
  f.throwIfInvalid();
  const { merchant } = await checkoutMerchant(d, f.body.merchant_key, callerIp);

  if (paymentId) {
    checkHash(idHash(merchant, paymentId), f.body.hash);
    return statusBody(await checkoutPayment(d, merchant, paymentId), merchant.mappings);
  }
  checkHash(idHash(merchant, orderId!), f.body.hash);
  let size: number | undefined;
  if (sizeValue !== undefined && sizeValue !== null && sizeValue !== '') {
    const text = String(sizeValue);
    size = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!(size >= 1 && size <= 100)) throw new ValidationError({ field: '', message: SIZE_MESSAGE });
  }
  const payments = await d.payments.findByOrder(merchant.clientKey, orderId!, size ?? 1);
  if (payments.length === 0) throw NotFoundError.order();
  return size === undefined ? statusBody(payments[0]!, merchant.mappings) : payments.map((p) => statusBody(p, merchant.mappings));
}
