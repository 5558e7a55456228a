/**
 * Status, refund and void only for the signed-in user's own orders. By order_id the recorded owner decides before
 * anything is signed; by payment_id the backend first looks the payment up (signed) and checks its order's owner,
 * and only then signs the refund or void.
 */
import { refund, status, voidPayment, type CheckoutOperationSpec } from '@open-payments/mobile-sdk';
import type { AppUser } from './auth/app-user.js';
import type { OrderOwners } from './orders/order-owners.js';
import { forwarded, type PlatformAnswer, type SendToPlatform } from './platform.js';
import { notFound, type BackendResponse } from './wire.js';

export interface OwnedDeps {
  owners: OrderOwners;
  send: SendToPlatform;
}

const orderNumberOf = (json: unknown): string | undefined => {
  const order = (json as { order?: { number?: unknown } } | null)?.order;
  return typeof order?.number === 'string' ? order.number : undefined;
};

const ownedBy = async (owners: OrderOwners, orderNumber: string | undefined, user: AppUser) =>
  orderNumber !== undefined && (await owners.ownerOf(orderNumber)) === user.id;

/** The payment's status if it belongs to the user; else the answer to give instead (not found, or the platform's error). */
async function ownStatus(
  paymentId: string,
  user: AppUser,
  deps: OwnedDeps,
): Promise<{ answer: PlatformAnswer } | { refused: BackendResponse }> {
  const answer = await deps.send(status, { payment_id: paymentId });
  if (!answer.ok || answer.status !== 200) return { refused: forwarded(answer) };
  if (!(await ownedBy(deps.owners, orderNumberOf(answer.json), user))) return { refused: notFound('Payment does not exist.') };
  return { answer };
}

export async function paymentStatus(fields: Record<string, unknown>, user: AppUser, deps: OwnedDeps): Promise<BackendResponse> {
  if (typeof fields.order_id === 'string') {
    if (!(await ownedBy(deps.owners, fields.order_id, user))) return notFound('Order does not exist.');
    const { order_id, size } = fields;
    return forwarded(await deps.send(status, size === undefined ? { order_id } : { order_id, size }));
  }
  const own = await ownStatus(fields.payment_id as string, user, deps);
  return 'refused' in own ? own.refused : forwarded(own.answer);
}

async function ownPaymentAction(
  op: CheckoutOperationSpec,
  fields: Record<string, unknown>,
  user: AppUser,
  deps: OwnedDeps,
): Promise<BackendResponse> {
  const paymentId = fields.payment_id as string;
  const own = await ownStatus(paymentId, user, deps);
  if ('refused' in own) return own.refused;
  const { amount } = fields;
  return forwarded(await deps.send(op, amount === undefined ? { payment_id: paymentId } : { payment_id: paymentId, amount }));
}

export const refundOwnPayment = (fields: Record<string, unknown>, user: AppUser, deps: OwnedDeps) =>
  ownPaymentAction(refund, fields, user, deps);
export const voidOwnPayment = (fields: Record<string, unknown>, user: AppUser, deps: OwnedDeps) =>
  ownPaymentAction(voidPayment, { payment_id: fields.payment_id }, user, deps);
