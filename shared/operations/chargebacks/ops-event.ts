/**
 * The "Chargeback Received" ops event (source "payments.ops"): how an acquirer's chargeback reaches the platform
 * here (docs/chargebacks.md). Its detail is checked with a zod schema, then recorded by recordChargeback — the admin
 * CLI goes through the same function.
 */
import * as z from '../../lib/zod-mini.js';
import type { Deps } from '../deps.js';
import { PlatformError, formatFieldError } from '../../domain/errors.js';
import { isCalendarDate } from '../../domain/schedule.js';
import { chargebackSummary, recordChargeback } from './chargeback.js';

export const CHARGEBACK_RECEIVED = 'Chargeback Received';

export const CHARGEBACK_DETAIL = z.strictObject({
  trans_id: z.string().check(z.minLength(1), z.maxLength(64)),
  amount: z.string().check(z.regex(/^\d+(\.\d+)?$/, 'expected an amount string such as "10.00"')),
  reason_code: z.string().check(z.regex(/^[A-Za-z0-9._-]{1,16}$/, 'expected the network reason code, e.g. "4837"')),
  bank_date: z.optional(z.string().check(z.refine(isCalendarDate, 'expected a date YYYY-MM-DD'))),
});

/** An event that can never apply (bad detail, unknown payment, a rule refuses it): logged and dropped, not retried. */
export class ChargebackEventError extends Error {}

export async function applyChargebackEvent(
  d: Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'chargebacks'>,
  detail: unknown,
): Promise<Record<string, unknown>> {
  const parsed = CHARGEBACK_DETAIL.safeParse(detail);
  if (!parsed.success)
    throw new ChargebackEventError(parsed.error.issues.map((i) => `${i.path.join('.') || 'detail'}: ${i.message}`).join('; '));
  const e = parsed.data;
  try {
    const result = await recordChargeback(d, { transId: e.trans_id, amount: e.amount, reasonCode: e.reason_code, bankDate: e.bank_date });
    return chargebackSummary(result);
  } catch (err) {
    // 4xx platform errors are the rules' refusals; a conflict that outlived the retries, or AWS trouble, is retried.
    if (err instanceof PlatformError && err.httpStatus < 500 && err.httpStatus !== 409) {
      throw new ChargebackEventError(`${err.code} ${err.fieldErrors.map(formatFieldError).join('; ') || err.message}`);
    }
    throw err;
  }
}
