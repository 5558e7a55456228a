/**
 * DEBIT: a card payment like SALE (Formula 1, 3DS possible), with optional sender and receiver details; payer
 * fields other than payer_ip are optional. Every approved DEBIT is tokenized: card_token is in every debit callback.
 * With recurring_init=Y and schedule_id (6.7.0 "recurring debit and debit schedules") the chain follows the schedule
 * and each run is a RECURRING_DEBIT.
 */
import { formula1 } from '../../protocol/signature.js';
import { cardFields, readCard, readTermUrl, termUrlFields } from '../../protocol/s2s-card/card-payment.js';
import { DEBIT_EXTRAS, PARAMETERS, readDebitExtras } from '../../protocol/s2s-card/parameters.js';
import { flag, formSpec, readFields } from '../../protocol/form-spec.js';
import { SCHEDULE_ATTACHMENT } from '../../protocol/schedules/attachment-request.js';
import { isMoto } from '../payment/index.js';
import type { S2sCardAction } from './action.js';
import { acceptCardRequest, cardRequestFields, payerCardCharge } from './card-request.js';
import { chargeOnce } from './pipeline.js';
import { saleScheduleDetails } from '../schedules/sale-attachment.js';

const PAYER = { names: false, email: false, phone: false, ip: true };
const RECURRING_INIT = { recurring_init: flag() };
/** DEBIT's own fields: the card (its CVV optional for MOTO), the return URL, the extras, parameters, recurring_init. */
const OWN = formSpec(cardFields({ cvv: 'required' }), termUrlFields(true), DEBIT_EXTRAS, PARAMETERS, RECURRING_INIT);

export const debit: S2sCardAction = {
  action: 'DEBIT',
  // The schedule attachment is read after the hash.
  fields: cardRequestFields({ payer: PAYER, own: OWN }, SCHEDULE_ATTACHMENT),
  async run(req) {
    const { merchant } = req.config;
    const accepted = acceptCardRequest(req, {
      payer: PAYER,
      own: OWN,
      fields(f, c) {
        const card = readCard(f, { cvv: isMoto(c.motoType) ? 'optional' : 'required' });
        const term = readTermUrl(f, merchant, true);
        const extras = readDebitExtras(f);
        const { parameters } = readFields(f, PARAMETERS);
        return { card, term, extras, parameters, recurringInit: readFields(f, RECURRING_INIT).recurring_init };
      },
      hash: (m, { card }, c) => formula1({ email: c.payer.email, password: m.password, cardNumber: card.number }, m.hashAlgorithm),
      route: (_fields, c) => ({ authorize: false, moto: isMoto(c.motoType) }),
    });
    const { order, fields } = accepted;
    const schedule = await saleScheduleDetails(req.deps, merchant.clientKey, req.form, { ...order, recurringInit: fields.recurringInit });

    return chargeOnce(
      req,
      'DEBIT',
      payerCardCharge(accepted, {
        transactionType: 'DEBIT',
        mid: accepted.mid,
        authorize: false,
        card: fields.card,
        externalThreeDs: false,
        details: { extras: fields.extras, ...(fields.parameters ? { parameters: fields.parameters } : {}), ...schedule },
        issueCardToken: true,
        issueRecurringToken: fields.recurringInit,
      }),
    );
  },
};
