/**
 * The Checkout signature (protocol.md §2.3): sha1_hex(md5_hex(strtoupper(f1 . f2 … . PASSWORD))), sha256 in place of
 * md5 in "SHA256 mode". The code is @open-payments/protocol's (pure JavaScript, no Node built-in), the very one the
 * platform verifies with; these are the fields each Checkout request and return is signed over, in order.
 */
export { checkoutHash, hashEquals, idHash, paymentAmountHash, sessionHash, type HashAlgorithm, type Signer } from '@open-payments/protocol';
export type { SignedOrder as HashedOrder } from '@open-payments/protocol';

/** The return to success_url / cancel_url / error_url: payment_id, order number, amount, currency, description. */
export { paymentHash as returnHash } from '@open-payments/protocol';
