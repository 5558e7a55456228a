/**
 * S2S APM SALE (auth=Y: a two-stage APM payment, PENDING until CAPTURE or released by CREDITVOID).
 * Answers SUCCESS/SETTLED|PENDING, DECLINED/DECLINED, or REDIRECT/REDIRECT with the method's page.
 */
import { apmPaymentResult } from '../../protocol/s2s-apm/responses.js';
import { logger } from '../../lib/logger.js';
import type { S2sApmAction } from './action.js';
import { apmCharge } from './charge.js';
import { acceptPaymentRequest, chargeInput, paymentRequestFields, type PaymentRequestRules } from './payment-request.js';
import { apmRecorder, apmRedirect, once, storedAnswer } from './pipeline.js';
import { isWalletBrand, walletApmSale } from '../wallets/apm-sale.js';

const RULES: PaymentRequestRules = { signature: 'sale', returnUrl: true, auth: true, action: 'SALE' };

export const sale: S2sApmAction = {
  action: 'SALE',
  // A wallet brand's SALE (wallets/apm-sale.ts) reads the same fields, with its token in parameters[...].
  fields: paymentRequestFields(RULES),
  async run(req) {
    // brand googlepay / applepay: a card payment underneath (docs/wallets.md).
    if (isWalletBrand(req.form)) return walletApmSale(req);
    const accepted = acceptPaymentRequest(req, RULES);
    return once(req, true, async (key) => {
      const input = chargeInput(req, accepted, 'SALE', accepted.authorize ? 'AUTH' : 'SALE');
      // INIT (waiting for the payer's transfer) answers SUCCESS/PENDING; its callback says INIT.
      const answer = (p: Parameters<typeof apmPaymentResult>[2], result: string) =>
        apmPaymentResult('SALE', result === 'INIT' ? 'SUCCESS' : result, p, apmRedirect(req, p, input.redirectToken));
      const { payment, event } = await apmCharge(
        req.deps,
        input,
        { callbacks: apmRecorder(req), idempotency: storedAnswer(key, (p, e) => answer(p, e.result)) },
        req.deps,
      );
      // A deadline's wake-up (QR, bank window) is armed from the table's stream (operations/providers/arm-deadlines.ts).
      logger.info('apm sale', { clientKey: payment.clientKey, transId: payment.transId, status: payment.status });
      return { statusCode: 200, body: answer(payment, event.result) };
    });
  },
};
