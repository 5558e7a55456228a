/**
 * CREDIT2CARD: a payout to a card (or a card_token). Hash Formula 5 (token form with card_token); its callbacks and
 * status lookups use Formula 6. Additional parameter sets 1–3 (parameters.ts); no CVV, expiry from set 2 or 3.
 */
import { formula5, formula5Token } from '../../protocol/signature.js';
import { readCard, commonDetails } from '../../protocol/s2s-card/card-payment.js';
import { readCredit2CardExtras } from '../../protocol/s2s-card/parameters.js';
import { resolveCardToken } from '../payment/index.js';
import type { S2sCardAction } from './action.js';
import { acceptCardRequest, readPayee } from './card-request.js';
import { chargeOnce, orderOf } from './pipeline.js';

export const credit2card: S2sCardAction = {
  action: 'CREDIT2CARD',
  async run(req) {
    const { merchant } = req.config;
    const { order, common, fields, mid } = acceptCardRequest(req, {
      payer: { names: false, email: false, phone: false, ip: false },
      beforePayer: (f) => f.optional('channel_id', { max: 16 }),
      fields(f) {
        const cardToken = f.optional('card_token', { min: 64, max: 64 });
        const byToken = !!cardToken && (f.raw('card_number') === undefined || f.raw('card_number') === '');
        const card = byToken ? undefined : readCard(f, { cvv: 'none', expiry: false });
        const { extras, expiry } = readCredit2CardExtras(f);
        return { card, cardToken: byToken ? cardToken : undefined, extras: readPayee(f, extras), expiry };
      },
      hash: (m, { card, cardToken }) =>
        card
          ? formula5({ password: m.password, cardNumber: card.number }, m.hashAlgorithm)
          : formula5Token({ password: m.password, cardToken: cardToken! }, m.hashAlgorithm),
      route: () => ({ authorize: false }),
    });
    const { card, cardToken, expiry } = fields;
    const vaulted = card ? undefined : (await resolveCardToken(req.deps, merchant.clientKey, cardToken!)).card;
    const payoutCard = vaulted ?? { number: card!.number, expMonth: expiry?.expMonth ?? '', expYear: expiry?.expYear ?? '' };

    return chargeOnce(req, 'CREDIT2CARD', {
      transactionType: 'CREDIT2CARD',
      ...orderOf(order),
      mid,
      card: payoutCard,
      payerEmail: common.payer.email,
      authorize: false,
      payout: true,
      externalThreeDs: true,
      details: { ...commonDetails(common), extras: fields.extras },
      cardToken,
      issueCardToken: false,
      issueRecurringToken: false,
    });
  },
};
