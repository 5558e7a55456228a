/**
 * CREDIT2CARD: a payout to a card (or a card_token). Hash Formula 5 (token form with card_token); its callbacks and
 * status lookups use Formula 6. Additional parameter sets 1–3 (parameters.ts); no CVV, expiry from set 2 or 3.
 */
import { formula5, formula5Token } from '../../protocol/signature.js';
import { cardFields, readCard, commonDetails } from '../../protocol/s2s-card/card-payment.js';
import { CREDIT2CARD_EXTRAS, readCredit2CardExtras } from '../../protocol/s2s-card/parameters.js';
import type { FieldReader } from '../../protocol/fields.js';
import { formSpec, optional, readFields } from '../../protocol/form-spec.js';
import { resolveCardToken } from '../payment/index.js';
import type { S2sCardAction } from './action.js';
import { acceptCardRequest, cardRequestFields, PAYEE_FIELDS, readPayee } from './card-request.js';
import { chargeOnce, orderOf } from './pipeline.js';

const PAYER = { names: false, email: false, phone: false, ip: false };
const CHANNEL_ID = { channel_id: optional({ max: 16 }) };
const BEFORE = { fields: CHANNEL_ID, read: (f: FieldReader) => readFields(f, CHANNEL_ID).channel_id };
const CARD_TOKEN = { card_token: optional({ min: 64, max: 64 }) };
/** CREDIT2CARD's own fields: card_token or the card number (no CVV, the expiry among the extras), the payee. */
const OWN = formSpec(CARD_TOKEN, cardFields({ cvv: 'none', expiry: false }), CREDIT2CARD_EXTRAS, PAYEE_FIELDS);

export const credit2card: S2sCardAction = {
  action: 'CREDIT2CARD',
  fields: cardRequestFields({ payer: PAYER, before: BEFORE, own: OWN }),
  async run(req) {
    const { merchant } = req.config;
    const { order, common, fields, mid } = acceptCardRequest(req, {
      payer: PAYER,
      before: BEFORE,
      own: OWN,
      fields(f) {
        const { card_token: cardToken } = readFields(f, CARD_TOKEN);
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
