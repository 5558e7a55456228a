/**
 * The backend decides what is paid: the merchant's own order data, never the app's, gives the amount, currency and
 * description. An app can only name its order and say which amount it showed the payer.
 */
import type { AppUser } from '../auth/app-user.js';

/** Operations an app may ever start; `credit` and `transfer` pay money out and are never offered to apps. */
export type AppOperation = 'purchase' | 'debit';

export interface PricedOrder {
  /** In the currency's wire format, as the platform takes it: "10.00" USD, "1000" ISK. */
  amount: string;
  currency: string;
  /** 2 to 1024 characters. */
  description: string;
  /** Default ["purchase"]; add "debit" only for orders that really are debits. */
  operations?: AppOperation[];
  /**
   * More session fields the merchant chooses (customer, billing_address, methods, auth, custom_data …), sent as
   * given. They cannot replace operation, order, the return URLs or the credentials.
   */
  session?: Record<string, unknown>;
}

/**
 * The order `orderRef` (the app's order.number) of this user, or undefined when there is none. Answer only the
 * user's own unpaid orders: the first user a session is created for becomes the order's owner.
 */
export type PriceOrder = (orderRef: string, user: AppUser) => PricedOrder | undefined | Promise<PricedOrder | undefined>;

/** The default: no order data, so no session is created until the merchant plugs in its own. */
export const noOrders: PriceOrder = () => undefined;
