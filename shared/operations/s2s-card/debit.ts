/**
 * DEBIT: a card payment like SALE (Formula 1, 3DS possible), with optional sender and receiver details; payer
 * fields other than payer_ip are optional. Every approved DEBIT is tokenized: card_token is in every debit callback.
 * With recurring_init=Y and schedule_id (6.7.0 "recurring debit and debit schedules") the chain follows the schedule
 * and each run is a RECURRING_DEBIT.
 */
import { formula1 } from '../../protocol/signature.js';
import { readCard, readTermUrl } from '../../protocol/s2s-card/card-payment.js';
import { readDebitExtras } from '../../protocol/s2s-card/parameters.js';
import { isMoto } from '../payment/index.js';
import type { S2sCardAction } from './action.js';
import { acceptCardRequest, payerCardCharge } from './card-request.js';
import { chargeOnce } from './pipeline.js';
import { saleScheduleDetails } from '../schedules/sale-attachment.js';

export const debit: S2sCardAction = {
  action: 'DEBIT',
  async run(req) {
    const { merchant } = req.config;
    const accepted = acceptCardRequest(req, {
      payer: { names: false, email: false, phone: false, ip: true },
      fields(f, c) {
        const card = readCard(f, { cvv: isMoto(c.motoType) ? 'optional' : 'required' });
        const term = readTermUrl(f, merchant, true);
        const extras = readDebitExtras(f);
        const parameters = f.object('parameters');
        return { card, term, extras, parameters, recurringInit: f.flag('recurring_init') };
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
