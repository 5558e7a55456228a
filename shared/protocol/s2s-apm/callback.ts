/**
 * S2S APM callback fields (protocol.md §4, §7) and their signature (§2.2): every field except `hash`, leaf values
 * strrev'd, keys recursively ksort'ed, PASSWORD appended, md5(upper(...)) — so creditvoid_id, brand and
 * custom_data[...] are covered. CREDIT2VIRTUAL and CREDIT2CRYPTO callbacks use the Credit2Virtual callback signature instead.
 */
import { ACTIONS } from '../../domain/actions.js';
import { formatAmount } from '../../domain/money.js';
import { protocolDate, type Payment } from '../../domain/payment.js';
import type { Merchant } from '../../domain/merchant.js';
import type { FormValue } from '../form.js';
import { apmCallbackHash, apmCredit2VirtualCallbackHash } from '../signature.js';
import { commissionFields } from './responses.js';
import { extendedData } from '../payment-attributes.js';
import { eventHead } from '../s2s/head.js';

export interface ApmCallbackEvent {
  /** SALE, CAPTURE, VOID, CREDITVOID, DEBIT2VIRTUAL, DEBIT2VIRTUAL_CALC, CREDIT2VIRTUAL. */
  action: string;
  result: string;
  status: string;
  /** Minor units this event concerns (captured / refunded amount). */
  amount: number;
  /** decline_reason, creditvoid_id, creditvoid_date ... */
  extra?: Record<string, FormValue | undefined>;
}

export function apmCallbackFields(p: Payment, merchant: Merchant, event: ApmCallbackEvent, now: string): Record<string, FormValue> {
  const fields: Record<string, FormValue | undefined> = {
    ...eventHead(event, p),
    trans_date: protocolDate(now),
    descriptor: p.descriptor,
    amount: formatAmount({ minor: event.amount, currency: p.currency }),
    currency: p.currency,
    ...(event.action === p.action ? commissionFields(p) : {}),
    brand: p.details.brand,
    ...(merchant.mappings.identity && p.details.customData !== undefined ? { custom_data: p.details.customData as FormValue } : {}),
    ...(merchant.mappings.payer && p.details.payer ? p.details.payer : {}),
    ...extendedData(p, merchant),
    ...event.extra,
  };
  const out: Record<string, FormValue> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = v;
  out.hash =
    ACTIONS[p.action].hash === 'payout'
      ? apmCredit2VirtualCallbackHash(
          { transId: p.transId, orderId: p.orderId, status: event.status, password: merchant.password },
          merchant.hashAlgorithm,
        )
      : apmCallbackHash(out, merchant.password, merchant.hashAlgorithm);
  return out;
}
