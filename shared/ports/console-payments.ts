/**
 * The console's payment index: pages of a merchant's trans_ids, newest first, by creation time (gsi3) or by the
 * card's last four digits (gsi4). Only keys come back; the payments are then read by key (PaymentStore.get).
 */
export interface PaymentIndexQuery {
  clientKey: string;
  last4?: string;
  /** ISO instants, inclusive. */
  since?: string;
  until?: string;
  limit: number;
  /** Opaque, from the previous page. */
  cursor?: string;
}

export interface PaymentIndexPage {
  transIds: string[];
  cursor?: string;
}

export interface ConsolePaymentIndex {
  page(q: PaymentIndexQuery): Promise<PaymentIndexPage>;
}
