/**
 * CARD2CARD: money from the payer's card to the payee's card. Answers like SALE (3DS possible on the payer card);
 * hash Formula 1 over payer_card_number. The payee card is kept masked only.
 */
import { PATTERNS } from '../../protocol/fields.js';
import { formSpec, readFields, required } from '../../protocol/form-spec.js';
import { formula1 } from '../../protocol/signature.js';
import { cardFields, luhnCheck, readCard, readTermUrl, termUrlFields } from '../../protocol/s2s-card/card-payment.js';
import { CARD2CARD_EXTRAS, readCard2CardExtras } from '../../protocol/s2s-card/parameters.js';
import type { S2sCardAction } from './action.js';
import { acceptCardRequest, cardRequestFields, PAYEE_FIELDS, payerCardCharge, readPayee } from './card-request.js';
import { chargeOnce } from './pipeline.js';

const PAYER = { names: false, email: false, phone: false, ip: true };
const PAYEE_CARD = { payee_card_number: required({ pattern: PATTERNS.cardNumber }, { check: luhnCheck }) };
/** CARD2CARD's own fields: the payer's card, the payee's card number, the return URL, the extras, the payee. */
const OWN = formSpec(cardFields({ prefix: 'payer_', cvv: 'required' }), PAYEE_CARD, termUrlFields(true), CARD2CARD_EXTRAS, PAYEE_FIELDS);

export const card2card: S2sCardAction = {
  action: 'CARD2CARD',
  fields: cardRequestFields({ payer: PAYER, own: OWN }),
  async run(req) {
    const accepted = acceptCardRequest(req, {
      payer: PAYER,
      own: OWN,
      fields(f) {
        const card = readCard(f, { prefix: 'payer_', cvv: 'required' });
        const { payee_card_number: payee } = readFields(f, PAYEE_CARD);
        const term = readTermUrl(f, req.config.merchant, true);
        const extras = readPayee(f, readCard2CardExtras(f));
        return { card, payee, term, extras };
      },
      hash: (merchant, { card }, c) =>
        formula1({ email: c.payer.email, password: merchant.password, cardNumber: card.number }, merchant.hashAlgorithm),
      route: () => ({ authorize: false }),
    });

    const { fields } = accepted;
    return chargeOnce(
      req,
      'CARD2CARD',
      payerCardCharge(accepted, {
        transactionType: 'CARD2CARD',
        mid: accepted.mid,
        authorize: false,
        card: fields.card,
        externalThreeDs: false,
        details: { extras: fields.extras, payeeCard: `${fields.payee.slice(0, 6)}****${fields.payee.slice(-4)}` },
        issueCardToken: false,
        issueRecurringToken: false,
      }),
    );
  },
};
