/**
 * DEBIT2VIRTUAL_COMPLETE: charges a DEBIT2VIRTUAL_CALC payment (amount + the commission calculated then), once.
 * Hash: md5(upper(strrev(trans_id)) . PASSWORD). Its outcome callback names the creating action, DEBIT2VIRTUAL_CALC.
 */
import { NotFoundError } from '../../domain/errors.js';
import { TRANS_ID_REQUEST } from '../../protocol/s2s-apm/request.js';
import { apmTransIdHash } from '../../protocol/signature.js';
import { apmPaymentResult } from '../../protocol/s2s-apm/responses.js';
import type { S2sApmAction } from './action.js';
import { newRedirectToken } from './charge.js';
import { apmRecorder, apmRedirect, loadApmPayment, once } from './pipeline.js';
import { completeDebit } from './two-step-debit.js';

export const debit2virtualComplete: S2sApmAction = {
  action: 'DEBIT2VIRTUAL_COMPLETE',
  fields: TRANS_ID_REQUEST,
  async run(req) {
    const { password, hashAlgorithm } = req.config.merchant;
    const payment = await loadApmPayment(req, NotFoundError.transaction, (transId) => apmTransIdHash({ transId, password }, hashAlgorithm));
    // Only a DEBIT2VIRTUAL_CALC payment is completed; any other trans_id names the wrong transaction.
    if (payment.action !== 'DEBIT2VIRTUAL_CALC') throw NotFoundError.incorrectTransaction();
    return once(req, false, async () => {
      const {
        payment: p,
        event,
        redirectToken,
      } = await completeDebit(req.deps, { payment, redirectToken: newRedirectToken() }, { callbacks: apmRecorder(req) });
      return { statusCode: 200, body: apmPaymentResult('DEBIT2VIRTUAL_COMPLETE', event.result, p, apmRedirect(req, p, redirectToken)) };
    });
  },
};
