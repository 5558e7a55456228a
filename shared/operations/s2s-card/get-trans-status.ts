/** GET_TRANS_STATUS: the stored status of one transaction. */
import { NotFoundError } from '../../domain/errors.js';
import { statusResult } from '../../protocol/s2s-card/responses.js';
import type { S2sCardAction } from './action.js';
import { TRANS_ID_REQUEST } from '../../protocol/s2s-card/id-requests.js';
import { loadByTransId } from './lookup.js';

export const getTransStatus: S2sCardAction = {
  action: 'GET_TRANS_STATUS',
  fields: TRANS_ID_REQUEST,
  async run(req) {
    const payment = await loadByTransId(req, NotFoundError.transaction);
    return { statusCode: 200, body: statusResult('GET_TRANS_STATUS', payment, req.config.merchant.mappings) };
  },
};
