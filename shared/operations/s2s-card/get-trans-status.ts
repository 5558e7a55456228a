/** GET_TRANS_STATUS: the stored status of one transaction. */
import { NotFoundError } from '../../domain/errors.js';
import { statusResult } from '../../protocol/s2s-card/responses.js';
import type { S2sCardAction } from './action.js';
import { loadByTransId } from './lookup.js';

export const getTransStatus: S2sCardAction = {
  action: 'GET_TRANS_STATUS',
  async run(req) {
    const payment = await loadByTransId(req, NotFoundError.transaction);
    return { statusCode: 200, body: statusResult('GET_TRANS_STATUS', payment, req.config.merchant.mappings) };
  },
};
