/** A payment's status as Checkout words it (answers' `status`, callbacks' `order_status`): lowercase, DECLINED "decline". */
import { ALL_STATUSES } from '../../domain/payment-machine/statuses.js';
import type { PaymentStatus } from '../../domain/payment.js';

export type CheckoutOrderStatus = Lowercase<Exclude<PaymentStatus, 'DECLINED'>> | 'decline';

export function orderStatus(status: PaymentStatus): CheckoutOrderStatus {
  return status === 'DECLINED' ? 'decline' : (status.toLowerCase() as CheckoutOrderStatus);
}

/** Every value a Checkout payment status takes, in the order of the payment statuses. */
export const CHECKOUT_ORDER_STATUSES: readonly CheckoutOrderStatus[] = ALL_STATUSES.map(orderStatus);
