/**
 * The part of a stored session that POST /api/v1/session and POST /api/v1/session/token (hosted fields) take from
 * the same §5.1 body in the same way. Each endpoint adds what only it has (methods and saved cards; the hosted
 * fields' return URL and payer IP).
 */
import { sentLanguage } from '../../protocol/language-codes.js';
import { maskCardNumbers } from '../../protocol/pan-mask.js';
import { toFormValue } from '../../protocol/checkout/json.js';
import type { SessionRequest, SessionRuleFields } from '../../protocol/checkout/session-request.js';
import type { ScheduleDetails } from '../../protocol/schedules/payment-echo.js';
import type { CheckoutSession } from '../../ports/checkout-sessions.js';

type CommonSessionFields = Pick<
  CheckoutSession,
  | 'order'
  | 'customer'
  | 'billingAddress'
  | 'language'
  | 'cancelUrl'
  | 'expiryUrl'
  | 'errorUrl'
  | 'urlTarget'
  | 'reqToken'
  | 'recurringInit'
  | 'scheduleId'
  | 'scheduleStartDate'
  | 'paymentScheduleAmount'
  | 'auth'
  | 'channelId'
  | 'customData'
  | 'parameters'
>;

export function commonSessionFields(req: SessionRequest<SessionRuleFields>, schedule: ScheduleDetails): CommonSessionFields {
  const { body } = req;
  return {
    order: { number: body.order.number, amount: req.amount, currency: req.currency, description: body.order.description },
    customer: body.customer && { name: body.customer.name, email: body.customer.email, birthDate: body.customer.birth_date },
    billingAddress: req.billingAddress,
    language: sentLanguage(body.billing_address?.language),
    cancelUrl: body.cancel_url,
    expiryUrl: body.expiry_url,
    errorUrl: body.error_url,
    urlTarget: body.url_target,
    // protocol.md §5.1: req_token is ignored when card_token is sent.
    reqToken: body.req_token === true && !body.card_token?.length,
    recurringInit: body.recurring_init === true,
    scheduleId: schedule.scheduleId,
    scheduleStartDate: schedule.scheduleStartDate,
    paymentScheduleAmount: schedule.paymentScheduleAmount,
    auth: body.auth === true,
    channelId: body.channel_id,
    // Card numbers in the free-form objects are kept (and echoed) masked only, whatever their JSON type.
    customData: body.custom_data && (toFormValue(maskCardNumbers(body.custom_data)) as Record<string, unknown>),
    parameters: body.parameters && maskCardNumbers(body.parameters),
  };
}
