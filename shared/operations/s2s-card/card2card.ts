/**
 * CARD2CARD: money from the payer's card to the payee's card. Answers like SALE (3DS possible on the payer card);
 * hash Formula 1 over payer_card_number. The payee card is kept masked only.
 */
import { MESSAGES, PATTERNS, luhnValid } from '../../protocol/fields.js';
import { formula1 } from '../../protocol/signature.js';
import { readCard, readTermUrl } from '../../protocol/s2s-card/card-payment.js';
import { readCard2CardExtras } from '../../protocol/s2s-card/parameters.js';
import type { S2sCardAction } from './action.js';
import { acceptCardRequest, payerCardCharge, readPayee } from './card-request.js';
import { chargeOnce } from './pipeline.js';

export const card2card: S2sCardAction = {
  action: 'CARD2CARD',
  async run(req) {
    const accepted = acceptCardRequest(req, {
      payer: { names: false, email: false, phone: false, ip: true },
      fields(f) {
        const card = readCard(f, { prefix: 'payer_', cvv: 'required' });
        const payee = f.required('payee_card_number', { pattern: PATTERNS.cardNumber });
        if (payee && !luhnValid(payee)) f.fail('payee_card_number', MESSAGES.invalid);
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
