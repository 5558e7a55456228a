/**
 * CREDIT2CARD: a payout to a card (or a card_token). Hash Formula 5 (token form with card_token); its callbacks and
 * status lookups use Formula 6. Additional parameter sets 1–3 (parameters.ts); no CVV, expiry from set 2 or 3.
 */
import { InvalidHashError } from '../../errors.js';
import { FieldReader } from '../../protocol/fields.js';
import { formula5, formula5Token, hashEquals } from '../../protocol/signature.js';
import { checkZeroAmount, readCard, readCommon, readOrder, commonDetails } from '../../protocol/s2s-card/card-payment.js';
import { readCredit2CardExtras } from '../../protocol/s2s-card/parameters.js';
import { resolveCardToken, selectMid } from '../payment/index.js';
import type { S2sCardAction } from './action.js';
import { chargeOnce, orderOf } from './pipeline.js';

export const credit2card: S2sCardAction = {
  action: 'CREDIT2CARD',
  async run(req) {
    const { merchant, mids } = req.config;
    const f = new FieldReader(req.form);
    const order = readOrder(f);
    f.optional('channel_id', { max: 16 });
    const common = readCommon(f, merchant, { names: false, email: false, phone: false, ip: false });
    const cardToken = f.optional('card_token', { min: 64, max: 64 });
    const byToken = !!cardToken && (f.raw('card_number') === undefined || f.raw('card_number') === '');
    const card = byToken ? undefined : readCard(f, { cvv: 'none', expiry: false });
    const { extras, expiry } = readCredit2CardExtras(f);
    for (const name of ['payee_first_name', 'payee_last_name', 'payee_address', 'payee_country', 'payee_state', 'payee_city', 'payee_zip', 'payee_email', 'payee_phone']) {
      const v = f.optional(name, { max: 255 });
      if (v) extras[name] = v;
    }
    f.required('hash');
    checkZeroAmount(f, order, false);
    f.throwIfInvalid();
    const expected = card
      ? formula5({ password: merchant.password, cardNumber: card.number }, merchant.hashAlgorithm)
      : formula5Token({ password: merchant.password, cardToken: cardToken! }, merchant.hashAlgorithm);
    if (!hashEquals(expected, req.form.hash as string | undefined)) throw new InvalidHashError();
    const vaulted = card ? undefined : (await resolveCardToken(req.deps, merchant.clientKey, cardToken!)).card;
    const payoutCard = vaulted ?? { number: card!.number, expMonth: expiry?.expMonth ?? '', expYear: expiry?.expYear ?? '' };
    const mid = selectMid(mids, { authorize: false });

    return chargeOnce(req, 'CREDIT2CARD', {
      transactionType: 'CREDIT2CARD',
      ...orderOf(order),
      mid,
      card: payoutCard,
      payerEmail: common.payer.email,
      authorize: false,
      payout: true,
      externalThreeDs: true,
      details: { ...commonDetails(common), extras },
      cardToken: byToken ? cardToken : undefined,
      issueCardToken: false,
      issueRecurringToken: false,
    });
  },
};
