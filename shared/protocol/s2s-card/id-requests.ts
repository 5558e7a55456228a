/** The S2S CARD requests that name a payment or an order and carry nothing else of their own: the id and the hash. */
import { optional, required } from '../form-spec.js';

/** GET_TRANS_STATUS, GET_TRANS_DETAILS, CAPTURE, VOID, CREDITVOID, RETRY. */
export const TRANS_ID_REQUEST = { trans_id: required({ max: 64 }), hash: required() };

/** CAPTURE / CREDITVOID: a partial amount, as sent (parsed once the payment's currency is known). */
export const AMOUNT_FIELD = { amount: optional() };

/** GET_TRANS_STATUS_BY_ORDER. */
export const ORDER_ID_REQUEST = { order_id: required({ max: 255 }), hash: required() };
