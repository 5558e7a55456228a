/** GET_TRANS_DETAILS: the status plus payer, amount and the payment's transaction history. */
import { NotFoundError } from '../../domain/errors.js';
import { detailsResult } from '../../protocol/s2s-card/responses.js';
import type { S2sCardAction } from './action.js';
import { TRANS_ID_REQUEST } from '../../protocol/s2s-card/id-requests.js';
import { loadByTransId } from './lookup.js';

export const getTransDetails: S2sCardAction = {
  action: 'GET_TRANS_DETAILS',
  fields: TRANS_ID_REQUEST,
  async run(req) {
    const payment = await loadByTransId(req, NotFoundError.transaction);
    return { statusCode: 200, body: detailsResult(payment, req.config.merchant.mappings) };
  },
};
