import type { PaymentDetails } from '../../domain/payment.js';

/** Checkout billing_address fields, by their wire names. */
export type BillingAddress = Readonly<Record<string, string | undefined>>;

/**
 * A Checkout billing address as the payment's customer fields that status responses and callbacks echo: the page's
 * card step and the hosted fields' processing call keep it the same way.
 */
export function billingDetails(
  b: BillingAddress,
): Pick<PaymentDetails, 'customerCountry' | 'customerState' | 'customerCity' | 'customerAddress' | 'customerZip' | 'customerPhone'> {
  return {
    customerCountry: b.country,
    customerState: b.state,
    customerCity: b.city,
    customerAddress: b.address,
    customerZip: b.zip,
    customerPhone: b.phone,
  };
}
