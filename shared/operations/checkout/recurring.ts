/**
 * POST /api/v1/payment/recurring: a merchant-initiated charge on the card of an initial pair
 * (recurring_init_trans_id = the first payment's payment_id, recurring_token from its callback). Currency and payer
 * come from the initial payment; custom_data is the request's own.
 */
import type { Deps } from '../deps.js';
import { parseAmount, parseCurrency } from '../../domain/money.js';
import { recurringHash } from '../../protocol/checkout/hashes.js';
import { bodyFields, JsonFields, object, optional, required } from '../../protocol/checkout/operation-request.js';
import { toFormValue } from '../../protocol/checkout/json.js';
import { maskCardNumbers } from '../../protocol/pan-mask.js';
import { recurringBody } from '../../protocol/checkout/responses.js';
import { recurringCharge, resolveRecurringPair, selectMid, requestKey, runOnce, storedAnswer } from '../payment/index.js';
import { checkoutCallbacks } from './callbacks.js';
import { checkoutMerchant } from './merchant.js';
import { checkHash } from './lookup.js';
import { ruledScreen } from '../risk/screened-charge.js';

/** The body, in the order it is validated. */
export const RECURRING_FIELDS = bodyFields({
  recurring_init_trans_id: required(64),
  recurring_token: required(64),
  'order.number': required(),
  'order.amount': required(),
  'order.description': required(1024),
  schedule_id: optional(64),
  custom_data: object(),
  hash: required(),
});
const F = RECURRING_FIELDS;

export async function recurring(
  d: Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'cardVault' | 'connectors' | 'risk' | 'config'>,
  rawBody: string,
  callerIp: string | undefined,
): Promise<unknown> {
  const f = JsonFields.parse(rawBody);
  const initTransId = f.read(F.recurring_init_trans_id);
  const token = f.read(F.recurring_token);
  const number = f.read(F['order.number']);
  const amountText = f.read(F['order.amount']);
  const description = f.read(F['order.description']);
  const scheduleId = f.read(F.schedule_id);
  const customData = f.read(F.custom_data);
  f.read(F.hash);
  f.throwIfInvalid();
  const { merchant, mids } = await checkoutMerchant(d, f.body.merchant_key, callerIp);
  checkHash(recurringHash(merchant, { initTransId, token, number, amount: amountText, description }), f.body.hash);
  const { initial, card } = await resolveRecurringPair(d, merchant.clientKey, initTransId, token);
  const amount = parseAmount(amountText, parseCurrency(initial.currency), 'order.amount').minor;
  const mid = selectMid(mids, { authorize: false, zeroAmount: amount === 0 });
  // One charge per identical request, as every payment-creating action (payment/idempotency.ts, recover.ts).
  const key = requestKey(merchant.clientKey, 'checkout-recurring', rawBody);
  const res = await runOnce(d.payments, key, true, async (claimKey) => {
    const { payment } = await recurringCharge(
      d,
      {
        protocol: 'checkout',
        action: 'RECURRING_SALE',
        initial,
        card,
        mid,
        orderId: number,
        orderDescription: description,
        amount,
        authorize: false,
        details: {
          customerName: initial.details.customerName,
          customerIp: initial.details.customerIp,
          scheduleId,
          customData: customData && toFormValue(maskCardNumbers(customData)),
        },
      },
      { callbacks: checkoutCallbacks(d, merchant), idempotency: storedAnswer(claimKey, (p) => recurringBody(p)) },
      ruledScreen(d),
    );
    return { statusCode: 200, body: recurringBody(payment) };
  });
  return res.body;
}
