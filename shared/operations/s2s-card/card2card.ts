/**
 * CARD2CARD: money from the payer's card to the payee's card. Answers like SALE (3DS possible on the payer card);
 * hash Formula 1 over payer_card_number. The payee card is kept masked only.
 */
import { InvalidHashError } from '../../errors.js';
import { FieldReader, MESSAGES, PATTERNS, luhnValid } from '../../protocol/fields.js';
import { formula1, hashEquals } from '../../protocol/signature.js';
import { browserOf, payerIpOf, checkZeroAmount, commonDetails, readCard, readCommon, readOrder, readTermUrl } from '../../protocol/s2s-card/card-payment.js';
import { readCard2CardExtras } from '../../protocol/s2s-card/parameters.js';
import { selectMid } from '../payment/index.js';
import type { S2sCardAction } from './action.js';
import { chargeOnce, newChallengeToken, orderOf } from './pipeline.js';

export const card2card: S2sCardAction = {
  action: 'CARD2CARD',
  async run(req) {
    const { merchant, mids } = req.config;
    const f = new FieldReader(req.form);
    const order = readOrder(f);
    const common = readCommon(f, merchant, { names: false, email: false, phone: false, ip: true });
    const card = readCard(f, { prefix: 'payer_', cvv: 'required' });
    const payee = f.required('payee_card_number', { pattern: PATTERNS.cardNumber });
    if (payee && !luhnValid(payee)) f.fail('payee_card_number', MESSAGES.invalid);
    const term = readTermUrl(f, merchant, true);
    const extras = readCard2CardExtras(f);
    for (const name of ['payee_first_name', 'payee_last_name', 'payee_address', 'payee_country', 'payee_state', 'payee_city', 'payee_zip', 'payee_email', 'payee_phone']) {
      const v = f.optional(name, { max: 255 });
      if (v) extras[name] = v;
    }
    f.required('hash');
    checkZeroAmount(f, order, false);
    f.throwIfInvalid();
    const email = common.payer.email;
    const expected = formula1({ email, password: merchant.password, cardNumber: card.number }, merchant.hashAlgorithm);
    if (!hashEquals(expected, req.form.hash as string | undefined)) throw new InvalidHashError();
    const mid = selectMid(mids, { authorize: false });

    return chargeOnce(req, 'CARD2CARD', {
      transactionType: 'CARD2CARD',
      ...orderOf(order),
      mid,
      card,
      payerEmail: email,
      authorize: false,
      externalThreeDs: false,
      browser: browserOf(common),
      payerIp: payerIpOf(common),
      details: {
        ...commonDetails(common, term),
        extras,
        payeeCard: `${payee.slice(0, 6)}****${payee.slice(-4)}`,
        challengeToken: newChallengeToken(),
      },
      issueCardToken: false,
      issueRecurringToken: false,
    });
  },
};
