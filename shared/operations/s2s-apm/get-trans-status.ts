/** GET_TRANS_STATUS: the stored status of an APM payment. Hash: md5(upper(strrev(trans_id)) . PASSWORD). */
import { NotFoundError } from '../../domain/errors.js';
import { TRANS_ID_REQUEST } from '../../protocol/s2s-apm/request.js';
import { apmTransIdHash } from '../../protocol/signature.js';
import { apmStatusResult } from '../../protocol/s2s-apm/responses.js';
import type { S2sApmAction } from './action.js';
import { loadApmPayment } from './pipeline.js';

export const getTransStatus: S2sApmAction = {
  action: 'GET_TRANS_STATUS',
  fields: TRANS_ID_REQUEST,
  async run(req) {
    const { password, hashAlgorithm } = req.config.merchant;
    const payment = await loadApmPayment(req, NotFoundError.transaction, (transId) => apmTransIdHash({ transId, password }, hashAlgorithm));
    return { statusCode: 200, body: apmStatusResult(payment) };
  },
};
