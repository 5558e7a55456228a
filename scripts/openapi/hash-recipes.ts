/** Which formula signs each request (protocol.md §2; the operations verify exactly these). Prose for the reference. */
export const S2S_CARD_HASH: Record<string, string> = {
  SALE: 'Formula 1: md5(upper(strrev(payer_email) . PASSWORD . strrev(first6 . last4))); with card_token: strrev(card_token) in place of the card; a wallet token: Formula 8.',
  AUTH: 'Formula 1, as SALE.',
  DEBIT: 'Formula 1, as SALE.',
  CARD2CARD: 'Formula 1 over payer_card_number.',
  RECURRING_SALE: "Formula 1 over the initial payment's payer_email and card.",
  RECURRING_DEBIT: "Formula 1 over the initial payment's payer_email and card.",
  RETRY: "Formula 1 over the payment's payer_email and card (Formula 2 also accepted).",
  CAPTURE:
    'Formula 2: md5(upper(strrev(payer_email) . PASSWORD . trans_id . strrev(first6 . last4))) of the original payment; Formula 6 for a CREDIT2CARD.',
  CREDITVOID: 'Formula 2 (6 for a CREDIT2CARD), as CAPTURE.',
  VOID: 'Formula 2 (6 for a CREDIT2CARD), as CAPTURE.',
  GET_TRANS_STATUS: 'Formula 2 (6 for a CREDIT2CARD), as CAPTURE.',
  GET_TRANS_DETAILS: 'Formula 2 (6 for a CREDIT2CARD), as CAPTURE.',
  GET_TRANS_STATUS_BY_ORDER: 'Formula 2 with order_id in place of trans_id (or the latest trans_id of the order).',
  CREDIT2CARD: 'Formula 5: md5(upper(PASSWORD . strrev(first6 . last4))); with card_token: strrev(card_token).',
  CREATE_SCHEDULE: 'Formula 3: md5(upper(strrev(PASSWORD))).',
  UPDATE_SCHEDULE: 'Formula 4: md5(upper(strrev(schedule_id . PASSWORD))).',
  PAUSE_SCHEDULE: 'Formula 4.',
  RUN_SCHEDULE: 'Formula 4.',
  DELETE_SCHEDULE: 'Formula 4.',
  SCHEDULE_INFO: 'Formula 4.',
  DESCHEDULE: 'Formula 4.',
};

export const S2S_APM_HASH: Record<string, string> = {
  SALE: 'md5(upper(strrev(identifier . order_id . order_amount . order_currency . PASSWORD))).',
  DEBIT2VIRTUAL: 'As SALE.',
  DEBIT2VIRTUAL_CALC: 'As SALE.',
  CREDIT2VIRTUAL: 'md5(upper(strrev(order_id . order_amount . order_currency)) . PASSWORD).',
  CREDIT2CRYPTO: 'As CREDIT2VIRTUAL.',
  CREDITVOID: 'md5(upper(strrev(trans_id . PASSWORD))).',
  VOID: 'md5(upper(strrev(trans_id)) . PASSWORD).',
  CAPTURE: 'md5(upper(strrev(trans_id)) . PASSWORD).',
  GET_TRANS_STATUS: 'md5(upper(strrev(trans_id)) . PASSWORD).',
  DEBIT2VIRTUAL_COMPLETE: 'md5(upper(strrev(trans_id)) . PASSWORD).',
};

export const CHECKOUT_HASH: Record<string, string> = {
  '/api/v1/session': 'sha1(md5(upper(order.number . order.amount . order.currency . order.description . PASSWORD))).',
  '/api/v1/session/token': 'As /api/v1/session.',
  '/api/v1/payment/status': 'sha1(md5(upper(payment_id . PASSWORD))), or order_id in its place.',
  '/api/v1/payment/refund': 'sha1(md5(upper(payment_id . amount . PASSWORD))).',
  '/api/v1/payment/capture': 'sha1(md5(upper(payment_id . amount . PASSWORD))).',
  '/api/v1/payment/void': 'sha1(md5(upper(payment_id . PASSWORD))).',
  '/api/v1/payment/retry': 'sha1(md5(upper(payment_id . PASSWORD))).',
  '/api/v1/payment/recurring':
    'sha1(md5(upper(recurring_init_trans_id . recurring_token . order.number . order.amount . order.description . PASSWORD))).',
  '/api/v1/payment/card/credit': 'sha1(md5(upper(order_id . order_amount . order_currency . order_description . PASSWORD))).',
};

export const SHA256_NOTE = 'With the merchant setting "SHA256 mode" every md5 above is sha256 (Checkout keeps its outer sha1).';
