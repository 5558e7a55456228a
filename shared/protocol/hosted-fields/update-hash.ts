/**
 * The stricter hosted-fields mode (merchant setting hostedFieldsUpdateSignature): a session update must carry a hash
 * only the merchant backend can make, in the protocol's Checkout style (protocol.md §2.3):
 * sha1(md5(strtoupper(Token . order_amount . order_currency . order.description . PASSWORD))).
 * The Token binds it to one session; amount and currency are the ones the session will have after the update (as
 * sent, or the current ones when not sent), so the Token alone — which the payer's browser holds — cannot change
 * what is charged, and a hash made for one amount does not fit another.
 */
export { sessionUpdateHash } from '@open-payments/protocol';
