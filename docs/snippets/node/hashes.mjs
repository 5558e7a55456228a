// The protocol's request hashes. password is your merchant PASSWORD; algo is 'md5', or 'sha256' when your
// merchant setting "SHA256 mode" is on. Values go in exactly as you send them ("1.99" stays "1.99"). The formulas
// are defined with PHP's byte-wise strrev and strtoupper: these work on the UTF-8 bytes too.
import { createHash } from 'node:crypto';

const bytes = (s) => Buffer.from(s, 'utf8');
const rev = (s) => bytes(s).reverse(); // PHP strrev: the bytes, reversed
const upper = (b) => b.map((c) => (c >= 0x61 && c <= 0x7a ? c - 0x20 : c)); // PHP strtoupper: only a-z change
const digest = (algo, b) => createHash(algo).update(b).digest('hex');
const hex = (algo, ...parts) => digest(algo, upper(Buffer.concat(parts)));

export const card6_4 = (card) => card.slice(0, 6) + card.slice(-4); // first 6 and last 4 digits

// S2S CARD (POST /post)
/** Formula 1: SALE, AUTH, DEBIT, CARD2CARD (payer_card_number), RECURRING_SALE, RETRY. */
export const formula1 = (email, password, card, algo = 'md5') => hex(algo, rev(email), bytes(password), rev(card6_4(card)));
/** Formula 1 with card_token in place of the card. */
export const formula1Token = (email, password, cardToken, algo = 'md5') => hex(algo, rev(email), bytes(password), rev(cardToken));
/** Formula 2: CAPTURE, CREDITVOID, VOID, GET_TRANS_STATUS, GET_TRANS_DETAILS, and S2S CARD callbacks. */
export const formula2 = (email, password, transId, card, algo = 'md5') => hex(algo, rev(email), bytes(password + transId), rev(card6_4(card)));
/** Formula 3: CREATE_SCHEDULE. */
export const formula3 = (password, algo = 'md5') => hex(algo, rev(password));
/** Formula 4: UPDATE_, PAUSE_, RUN_, DELETE_SCHEDULE, SCHEDULE_INFO, DESCHEDULE. */
export const formula4 = (scheduleId, password, algo = 'md5') => hex(algo, rev(scheduleId + password));
/** Formula 5: CREDIT2CARD. */
export const formula5 = (password, card, algo = 'md5') => hex(algo, bytes(password), rev(card6_4(card)));
/** Formula 5 with card_token in place of the card. */
export const formula5Token = (password, cardToken, algo = 'md5') => hex(algo, bytes(password), rev(cardToken));
/** Formula 6: CREDIT2CARD callbacks, and the Formula 2 actions on a CREDIT2CARD. */
export const formula6 = (password, transId, card, algo = 'md5') => hex(algo, bytes(password + transId), rev(card6_4(card)));
/** Formula 7: GET_TRANS_STATUS_BY_ORDER (Formula 2 with the latest trans_id also works). */
export const formula7 = (email, password, orderId, card, algo = 'md5') => hex(algo, rev(email), bytes(password + orderId), rev(card6_4(card)));
/** Formula 8: SALE with a wallet payment_token (Apple Pay, Google Pay). */
export const formula8 = (email, password, algo = 'md5') => hex(algo, rev(email), bytes(password));

// S2S APM (POST /post-va): the grouping differs per action, so each has its own function.
/** SALE, DEBIT2VIRTUAL, DEBIT2VIRTUAL_CALC ('' for an identifier or amount you do not send). */
export const apmSaleHash = (identifier, orderId, amount, currency, password, algo = 'md5') => hex(algo, rev(identifier + orderId + amount + currency + password));
/** CREDITVOID. */
export const apmCreditvoidHash = (transId, password, algo = 'md5') => hex(algo, rev(transId + password));
/** VOID, CAPTURE, GET_TRANS_STATUS, DEBIT2VIRTUAL_COMPLETE: PASSWORD after the uppercasing, not reversed. */
export const apmTransIdHash = (transId, password, algo = 'md5') => digest(algo, Buffer.concat([upper(rev(transId)), bytes(password)]));
/** CREDIT2VIRTUAL, CREDIT2CRYPTO. */
export const apmCredit2virtualHash = (orderId, amount, currency, password, algo = 'md5') =>
  digest(algo, Buffer.concat([upper(rev(orderId + amount + currency)), bytes(password)]));

/**
 * Checkout and hosted fields (JSON): sha1 of the md5's hex text. parts in the order of the operation:
 * session: order.number, order.amount, order.currency, order.description; status, void, retry: payment_id (or
 * order_id); refund, capture: payment_id, amount; recurring: recurring_init_trans_id, recurring_token,
 * order.number, order.amount, order.description; card credit: order_id, order_amount, order_currency,
 * order_description. With SHA256 mode the inner md5 is sha256; the outer sha1 stays.
 */
export const checkoutHash = (parts, password, algo = 'md5') => digest('sha1', hex(algo, bytes(parts.join('') + password)));
