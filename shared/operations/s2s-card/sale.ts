/**
 * S2S CARD SALE (auth=Y: authorization). Validate → authenticate (Formula 1, or 1-token for card_token) → choose a
 * MID (mode, MOTO, zero amount) → claim idempotency → charge core (connector, tokens, one write of payment +
 * callback outbox + idempotent answer) → answer, with redirect_* for 3DS / REDIRECT.
 */
import { InvalidHashError } from '../../errors.js';
import { FieldReader } from '../../protocol/fields.js';
import { formula1, formula1Token, hashEquals } from '../../protocol/signature.js';
import { paymentResult } from '../../protocol/s2s-card/responses.js';
import { checkZeroAmount, commonDetails, readCard, readCommon, readOrder, readTermUrl } from '../../protocol/s2s-card/card-payment.js';
import { readMpiData } from '../../protocol/s2s-card/mpi-data.js';
import { readSaleParameters } from '../../protocol/s2s-card/parameters.js';
import { charge, resolveCardToken, selectMid } from '../payment/index.js';
import type { S2sCardAction, S2sCardRequest, S2sCardResponse } from './action.js';
import { newChallengeToken, once, redirectInfo, s2sRecorder, storedAnswer } from './pipeline.js';
import { logger } from '../../logger.js';
import { saleScheduleDetails } from '../schedules/sale-attachment.js';
import { isWalletSale, walletSale } from './wallet-sale.js';

export function readSale(req: S2sCardRequest) {
  const { merchant } = req.config;
  const f = new FieldReader(req.form);
  const order = readOrder(f);
  const authorize = f.flag('auth');
  const recurringInit = f.flag('recurring_init');
  const reqToken = f.flag('req_token');
  const common = readCommon(f, merchant, { names: true, email: true, phone: true, ip: true });
  // Card data beats card_token; a token alone makes the card fields optional.
  const cardToken = f.optional('card_token', { min: 64, max: 64 });
  const byToken = !!cardToken && (f.raw('card_number') === undefined || f.raw('card_number') === '');
  const card = byToken ? undefined : readCard(f, { cvv: common.motoType ? 'optional' : 'required' });
  const cvv = byToken ? f.optional('card_cvv2', { pattern: /^\d{3,4}$/ }) : card?.cvv;
  const term = readTermUrl(f, merchant, true);
  // mpi_data is ignored with auth=Y.
  const threeDs = authorize ? undefined : readMpiData(f);
  const parameters = readSaleParameters(f);
  f.required('hash');
  checkZeroAmount(f, order, authorize || recurringInit);
  f.throwIfInvalid();
  return { order, authorize, recurringInit, reqToken, common, cardToken: byToken ? cardToken : undefined, card, cvv, term, threeDs, parameters };
}

export const sale: S2sCardAction = {
  action: 'SALE',
  async run(req: S2sCardRequest): Promise<S2sCardResponse> {
    // digital_wallet + payment_token without card data or card_token: docs/wallets.md.
    if (isWalletSale(req.form)) return walletSale(req);
    const input = readSale(req);
    const { merchant, mids } = req.config;
    const email = input.common.payer.email;
    const expected = input.card
      ? formula1({ email, password: merchant.password, cardNumber: input.card.number }, merchant.hashAlgorithm)
      : formula1Token({ email, password: merchant.password, cardToken: input.cardToken! }, merchant.hashAlgorithm);
    if (!hashEquals(expected, req.form.hash as string | undefined)) throw new InvalidHashError();
    const card = input.card ?? { ...(await resolveCardToken(req.deps, merchant.clientKey, input.cardToken!)).card, cvv: input.cvv };
    const mid = selectMid(mids, { authorize: input.authorize, moto: !!input.common.motoType, zeroAmount: input.order.amount === 0 });
    const schedule = await saleScheduleDetails(req.deps, merchant.clientKey, req.form, { ...input.order, recurringInit: input.recurringInit });

    return once(req, true, async (key) => {
      const answer = (p: Parameters<typeof redirectInfo>[1], result: string) => paymentResult('SALE', result, p, redirectInfo(req, p));
      const { payment, event } = await charge(
        req.deps,
        {
          clientKey: merchant.clientKey,
          protocol: 's2s-card',
          action: 'SALE',
          transactionType: input.authorize ? 'AUTH' : 'SALE',
          orderId: input.order.orderId,
          orderDescription: input.order.description,
          amount: input.order.amount,
          currency: input.order.currency,
          mid,
          card,
          payerEmail: email,
          authorize: input.authorize,
          externalThreeDs: !!input.threeDs,
          authentication: input.threeDs?.authentication,
          browser: { acceptHeader: input.common.browser.browser_accept_headers, userAgent: input.common.browser.browser_user_agent },
          details: {
            ...commonDetails(input.common, input.term),
            ...(input.threeDs ? { threeDs: input.threeDs.attributes } : {}),
            ...(input.parameters ? { parameters: input.parameters } : {}),
            ...schedule,
            challengeToken: newChallengeToken(),
          },
          cardToken: input.cardToken,
          issueCardToken: input.reqToken && !input.cardToken,
          issueRecurringToken: input.recurringInit,
        },
        { callbacks: s2sRecorder(req), idempotency: storedAnswer(key, (p, e) => answer(p, e.result)) },
      );
      logger.info('sale', { clientKey: merchant.clientKey, transId: payment.transId, status: payment.status });
      return { statusCode: 200, body: answer(payment, event.result) };
    });
  },
};
