/**
 * A purchase paid on the page with an alternative method (the brand the payer picked, e.g. vcard) through the
 * protocol-neutral APM core of S2S APM. The identifier goes to the provider and is echoed like S2S APM echoes it.
 * A REDIRECT outcome waits for the payer on the page's confirmation step (completeRedirect), like 3DS for cards.
 */
import type { PaymentDetails } from '../../domain/payment.js';
import type { Deps } from '../../deps.js';
import type { Mid } from '../../domain/merchant.js';
import type { Payment } from '../../domain/payment.js';
import { apmCharge } from '../s2s-apm/index.js';
import { routePayment } from '../payment/routing.js';
import { checkoutCallbacks } from './callbacks.js';
import type { PageContext } from './page-flow.js';

export async function chargeApm(
  d: Deps,
  ctx: PageContext,
  mids: Mid[],
  choice: { brand: string; identifier: string },
  details: PaymentDetails,
): Promise<Payment> {
  const s = ctx.session;
  // A purchase only a DMS MID takes is held there (spec transition table).
  const { mid, authorize } = routePayment(mids, { authorize: s.auth, sale: true, zeroAmount: s.order.amount === 0 });
  // The session's payment_id names the payment, as for cards.
  const ids = [s.paymentId];
  const coreDeps = { ...d, newId: () => ids.shift() ?? d.newId() };
  const { payment } = await apmCharge(
    coreDeps,
    {
      clientKey: s.clientKey,
      protocol: 'checkout',
      action: 'SALE',
      transactionType: authorize ? 'AUTH' : 'SALE',
      brand: choice.brand,
      identifier: choice.identifier,
      orderId: s.order.number,
      orderDescription: s.order.description,
      amount: s.order.amount,
      currency: s.order.currency,
      mid,
      authorize,
      payerEmail: s.customer?.email,
      details: { ...details, checkoutPaymentMethod: choice.brand },
    },
    { callbacks: checkoutCallbacks(d, ctx.merchant) },
  );
  return payment;
}
