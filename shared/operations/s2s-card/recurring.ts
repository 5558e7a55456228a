/**
 * RECURRING_SALE and RECURRING_DEBIT: a charge on the card of an initial pair (recurring_first_trans_id,
 * recurring_token). An unknown pair is 100000 "Incorrect transaction"; the hash is Formula 1 over the initial
 * payment's email and card; the currency is the initial payment's; this request's custom_data is the one echoed.
 */
import { InvalidHashError } from '../../domain/errors.js';
import { FieldReader } from '../../protocol/fields.js';
import { formula1, hashMatches } from '../../protocol/signature.js';
import { paymentResult } from '../../protocol/s2s-card/responses.js';
import { checkZeroAmount, orderOfText, readOrderText, RECURRING_ORDER_FIELDS } from '../../protocol/s2s-card/card-payment.js';
import { flag, formSpec, optional, raw, readFields, required } from '../../protocol/form-spec.js';
import { recurringCharge, resolveRecurringPair, selectMid } from '../payment/index.js';
import type { S2sCardAction, S2sCardRequest, S2sCardResponse } from './action.js';
import { paymentVerifier } from './follow-up-verifier.js';
import { once, s2sRecorder, storedAnswer } from './pipeline.js';
import { ruledScreen } from '../risk/screened-charge.js';

const PAIR = { recurring_first_trans_id: required({ max: 64 }), recurring_token: required({ max: 64 }) };
const AUTH = { auth: flag() };
const REST = { schedule_id: optional({ max: 64 }), custom_data: raw(), hash: required() };

function recurringAction(action: 'RECURRING_SALE' | 'RECURRING_DEBIT'): S2sCardAction {
  const withAuth = action === 'RECURRING_SALE';
  return {
    action,
    // The order's currency is the initial payment's; auth=Y on RECURRING_SALE only.
    fields: formSpec(PAIR, RECURRING_ORDER_FIELDS, withAuth ? AUTH : {}, REST),
    async run(req: S2sCardRequest): Promise<S2sCardResponse> {
      const { merchant, mids } = req.config;
      const f = new FieldReader(req.form);
      const { recurring_first_trans_id: firstTransId, recurring_token: token } = readFields(f, PAIR);
      // Every field is read before the pair is looked up (validate → load state); only the amount's format waits
      // for the initial payment's currency.
      const orderText = readOrderText(f, { currencyFromPayment: true });
      const authorize = withAuth && readFields(f, AUTH).auth;
      const { schedule_id: scheduleId, custom_data: customData } = readFields(f, REST);
      f.throwIfInvalid();
      const { initial, card } = await resolveRecurringPair(req.deps, merchant.clientKey, firstTransId, token);

      const order = orderOfText(f, orderText, initial.currency);
      checkZeroAmount(f, order, false);
      f.throwIfInvalid();
      const expected = formula1(
        { email: initial.payerEmail, password: merchant.password, cardNumber: card.number },
        merchant.hashAlgorithm,
      );
      if (!hashMatches(expected, req.form.hash)) throw new InvalidHashError();
      const mid = selectMid(mids, { authorize });

      return once(req, true, async (key) => {
        const { payment, event } = await recurringCharge(
          req.deps,
          {
            protocol: 's2s-card',
            action,
            initial,
            card,
            mid,
            orderId: order.orderId,
            orderDescription: order.description,
            amount: order.amount,
            authorize,
            details: {
              payer: initial.details.payer,
              ...(customData !== undefined && customData !== '' ? { customData } : {}),
              ...(scheduleId ? { scheduleId } : {}),
            },
            followUpVerifier: (p) => paymentVerifier(merchant, p),
          },
          { callbacks: s2sRecorder(req), idempotency: storedAnswer(key, (p, e) => paymentResult(action, e.result, p)) },
          ruledScreen(req.deps),
        );
        return { statusCode: 200, body: paymentResult(action, event.result, payment) };
      });
    },
  };
}

export const recurringSale = recurringAction('RECURRING_SALE');
export const recurringDebit = recurringAction('RECURRING_DEBIT');
