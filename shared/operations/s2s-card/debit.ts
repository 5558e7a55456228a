/**
 * DEBIT: a card payment like SALE (Formula 1, 3DS possible), with optional sender and receiver details; payer
 * fields other than payer_ip are optional. Every approved DEBIT is tokenized: card_token is in every debit callback.
 * With recurring_init=Y and schedule_id (6.7.0 "recurring debit and debit schedules") the chain follows the schedule
 * and each run is a RECURRING_DEBIT.
 */
import { InvalidHashError } from '../../errors.js';
import { FieldReader } from '../../protocol/fields.js';
import { formula1, hashEquals } from '../../protocol/signature.js';
import { browserOf, payerIpOf, checkZeroAmount, commonDetails, readCard, readCommon, readOrder, readTermUrl } from '../../protocol/s2s-card/card-payment.js';
import { readDebitExtras } from '../../protocol/s2s-card/parameters.js';
import { isMoto, selectMid } from '../payment/routing.js';
import type { S2sCardAction } from './action.js';
import { chargeOnce, newChallengeToken, orderOf } from './pipeline.js';
import { saleScheduleDetails } from '../schedules/sale-attachment.js';

export const debit: S2sCardAction = {
  action: 'DEBIT',
  async run(req) {
    const { merchant, mids } = req.config;
    const f = new FieldReader(req.form);
    const order = readOrder(f);
    const common = readCommon(f, merchant, { names: false, email: false, phone: false, ip: true });
    const card = readCard(f, { cvv: isMoto(common.motoType) ? 'optional' : 'required' });
    const term = readTermUrl(f, merchant, true);
    const extras = readDebitExtras(f);
    const parameters = f.object('parameters');
    f.required('hash');
    checkZeroAmount(f, order, false);
    f.throwIfInvalid();
    const email = common.payer.email;
    const expected = formula1({ email, password: merchant.password, cardNumber: card.number }, merchant.hashAlgorithm);
    if (!hashEquals(expected, req.form.hash as string | undefined)) throw new InvalidHashError();
    const mid = selectMid(mids, { authorize: false, moto: isMoto(common.motoType) });
    const recurringInit = f.flag('recurring_init');
    const schedule = await saleScheduleDetails(req.deps, merchant.clientKey, req.form, { ...order, recurringInit });

    return chargeOnce(req, 'DEBIT', {
      transactionType: 'DEBIT',
      ...orderOf(order),
      mid,
      card,
      payerEmail: email,
      authorize: false,
      externalThreeDs: false,
      browser: browserOf(common),
      payerIp: payerIpOf(common),
      details: { ...commonDetails(common, term), extras, ...(parameters ? { parameters } : {}), ...schedule, challengeToken: newChallengeToken() },
      issueCardToken: true,
      issueRecurringToken: recurringInit,
    });
  },
};
