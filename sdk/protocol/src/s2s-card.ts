/**
 * S2S CARD request and callback hashes: Appendix A, Formulas 1–8 (protocol.md §2.1). md5 by default, sha256 in
 * SHA256 mode. `email` is the payment's payer_email (for follow-ups: the original payment's); when the request
 * carries none it is left out.
 */
import { hexDigest, type HashAlgorithm } from './digest.js';
import { card6_4, concat, strrev, strtoupper } from './php-bytes.js';

const rev = (v: string | undefined) => (v === undefined || v === '' ? undefined : strrev(v));

/** F1: md5(upper(strrev(email) . PASSWORD . strrev(card6_4))): SALE, AUTH, DEBIT, CARD2CARD, RECURRING_SALE, RETRY. */
export function formula1(p: { email?: string; password: string; cardNumber: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, strtoupper(concat(rev(p.email), p.password, strrev(card6_4(p.cardNumber)))));
}

/** F1 with a card token: md5(upper(strrev(email) . PASSWORD . strrev(card_token))). */
export function formula1Token(p: { email?: string; password: string; cardToken: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, strtoupper(concat(rev(p.email), p.password, strrev(p.cardToken))));
}

/** F2: md5(upper(strrev(email) . PASSWORD . trans_id . strrev(card6_4))): follow-ups and every callback but CREDIT2CARD's. */
export function formula2(
  p: { email?: string; password: string; transId: string; cardNumber: string },
  algo: HashAlgorithm = 'md5',
): string {
  return hexDigest(algo, strtoupper(concat(rev(p.email), p.password, p.transId, strrev(card6_4(p.cardNumber)))));
}

/** F3: md5(upper(strrev(PASSWORD))): CREATE_SCHEDULE. */
export function formula3(p: { password: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, strtoupper(strrev(p.password)));
}

/** F4: md5(upper(strrev(schedule_id . PASSWORD))): the other schedule actions. */
export function formula4(p: { scheduleId: string; password: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, strtoupper(strrev(concat(p.scheduleId, p.password))));
}

/** F5: md5(upper(PASSWORD . strrev(card6_4))): CREDIT2CARD. */
export function formula5(p: { password: string; cardNumber: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, strtoupper(concat(p.password, strrev(card6_4(p.cardNumber)))));
}

/** F5 with a card token: md5(upper(PASSWORD . strrev(card_token))). */
export function formula5Token(p: { password: string; cardToken: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, strtoupper(concat(p.password, strrev(p.cardToken))));
}

/** F6: md5(upper(PASSWORD . trans_id . strrev(card6_4))): CREDIT2CARD follow-ups and callbacks. */
export function formula6(p: { password: string; transId: string; cardNumber: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, strtoupper(concat(p.password, p.transId, strrev(card6_4(p.cardNumber)))));
}

/** F7: md5(upper(strrev(email) . PASSWORD . order_id . strrev(card6_4))): GET_TRANS_STATUS_BY_ORDER. */
export function formula7(
  p: { email?: string; password: string; orderId: string; cardNumber: string },
  algo: HashAlgorithm = 'md5',
): string {
  return hexDigest(algo, strtoupper(concat(rev(p.email), p.password, p.orderId, strrev(card6_4(p.cardNumber)))));
}

/** F8: md5(upper(strrev(email) . PASSWORD)): a wallet SALE (digital_wallet + payment_token). */
export function formula8(p: { email?: string; password: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, strtoupper(concat(rev(p.email), p.password)));
}
