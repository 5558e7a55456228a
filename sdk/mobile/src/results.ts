/** What the operations answer: the platform's JSON, typed (docs/checkout.md §5). The merchant backend forwards it unchanged. */

export interface OrderSummary {
  number: string;
  amount: string;
  currency: string;
  description: string;
}

/** Lower-case payment states of the Checkout status lookup. */
export type PaymentState =
  'prepare' | 'settled' | 'pending' | '3ds' | 'redirect' | 'decline' | 'refund' | 'reversal' | 'void' | 'chargeback';

export interface PaymentStatus {
  payment_id: string;
  date: string;
  status: PaymentState;
  reason?: string;
  order: OrderSummary;
  customer?: { name?: string; email?: string };
  card?: string;
  card_expiration_date?: string;
  card_token?: string;
  recurring_token?: string;
  [extra: string]: unknown;
}

export interface RefundAccepted {
  payment_id: string;
  /** The refund runs asynchronously; its outcome arrives by callback and in the status. */
  result: 'accepted';
}

export interface VoidResult {
  status: 'SUCCESS' | 'FAIL';
  payment_status: string;
  payment_id: string;
  date: string;
  reason?: string;
  order: OrderSummary;
}
