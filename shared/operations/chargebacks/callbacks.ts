/**
 * The CHARGEBACK callback in each protocol's words (protocol.md §3.4, §4, §5.3), signed as that protocol signs:
 *   S2S CARD  action=CHARGEBACK, result=SUCCESS, status=CHARGEBACK, amount, chargeback_date, bank_date, reason_code
 *             (+ the fields every S2S CARD callback carries), hash Formula 2;
 *   S2S APM   the same fields, APM callback signature over all of them;
 *   Checkout  type=chargeback, status=success, order_status=chargeback, plus chargeback_amount, chargeback_date,
 *             bank_date, reason_code (the §2.3 callback hash covers the order fields only).
 */
import type { Merchant } from '../../domain/merchant.js';
import { formatAmount } from '../../domain/money.js';
import { protocolDate, type Payment, type PaymentProtocol } from '../../domain/payment.js';
import type { FormValue } from '../../protocol/form.js';
import { s2sCardCallbackFields } from '../../protocol/s2s-card/callback.js';
import { apmCallbackFields } from '../../protocol/s2s-apm/callback.js';
import { checkoutCallbackFields } from '../../protocol/checkout/callback.js';

export interface ChargebackFacts {
  /** Minor units charged back. */
  amount: number;
  reasonCode: string;
  /** YYYY-MM-DD, the issuer's date. */
  bankDate: string;
  /** When the platform recorded it (ISO). */
  date: string;
}

type Builder = (p: Payment, merchant: Merchant, c: ChargebackFacts) => Record<string, FormValue>;

const details = (c: ChargebackFacts) => ({ chargeback_date: protocolDate(c.date), bank_date: c.bankDate, reason_code: c.reasonCode });
const wireEvent = (c: ChargebackFacts) => ({
  action: 'CHARGEBACK',
  result: 'SUCCESS',
  status: 'CHARGEBACK',
  amount: c.amount,
  extra: details(c),
});

const BUILDERS: Record<PaymentProtocol, Builder> = {
  's2s-card': (p, merchant, c) => s2sCardCallbackFields(p, merchant, wireEvent(c), c.date),
  's2s-apm': (p, merchant, c) => apmCallbackFields(p, merchant, wireEvent(c), c.date),
  checkout: (p, merchant, c) => ({
    ...checkoutCallbackFields(p, merchant, { type: 'chargeback', status: 'success' }, c.date),
    chargeback_amount: formatAmount({ minor: c.amount, currency: p.currency }),
    ...details(c),
  }),
};

export function chargebackCallbackFields(p: Payment, merchant: Merchant, c: ChargebackFacts): Record<string, FormValue> {
  return BUILDERS[p.protocol](p, merchant, c);
}
