/**
 * Checkout hashes (protocol.md §2.3): sha1(md5(strtoupper(fields . PASSWORD))), fields in the order of each
 * operation (@open-payments/protocol has them; a Merchant is their signer: its PASSWORD and hash mode).
 * Request values go in exactly as the merchant sent them; platform-produced ones (callbacks, return URLs) use
 * the amount as the callback shows it.
 */
export { cardCreditHash, idHash, paymentAmountHash, paymentHash, recurringHash, sessionHash } from '@open-payments/protocol';
