/**
 * A chargeback the acquirer reports on a payment (ops event or admin CLI): the payment moves to CHARGEBACK and the
 * merchant gets the protocol's CHARGEBACK callback, in one conditional write (version) that also puts the merchant's
 * chargeback index entry (ports/chargeback-index.ts), and the entries the caller hands over (`alongside`: the
 * console's audit entry), so all are stored or none. A duplicate stores none of them.
 *   - only a SETTLED payment (partially refunded ones stay SETTLED) that took money from the payer (not a payout);
 *   - amount ≤ settled − refunded, else 208010;
 *   - the same chargeback reported again (same amount, reason code, bank date) is a duplicate: no second effect.
 * A concurrent writer makes the write fail its version check; the chargeback is then decided again on the new state.
 */
import type { Deps } from '../deps.js';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../domain/errors.js';
import { retryOnConflict } from '../../domain/conflict-retry.js';
import { recordCallback } from '../../domain/callback-factory.js';
import { parseAmount, parseCurrency, formatAmount } from '../../domain/money.js';
import type { Payment } from '../../domain/payment.js';
import type { StoredChargeback } from '../../domain/payment-details.js';
import { PATTERNS } from '../../protocol/fields.js';
import type { ConsoleChargebackOpenAnswer } from '../../protocol/console/answers.js';
import { enqueue, nextVersion, permitOrThrow } from '../payment/index.js';
import { apply } from '../../domain/payment-machine/index.js';
import { TransactionItems, type Alongside } from '../../ports/transaction-items.js';
import { chargebackCallbackFields, type ChargebackFacts } from './callbacks.js';

const ATTEMPTS = 3;

export interface ChargebackInput {
  transId: string;
  /** In the payment's currency format ("10.00" for USD). */
  amount: string;
  reasonCode: string;
  /** YYYY-MM-DD; today (UTC) when not given. */
  bankDate?: string;
}

export interface ChargebackResult {
  payment: Payment;
  /** The same chargeback was already recorded: nothing changed. */
  duplicate: boolean;
}

export async function recordChargeback(
  d: Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'chargebacks'>,
  input: ChargebackInput,
  opts: Alongside = {},
): Promise<ChargebackResult> {
  return retryOnConflict(ATTEMPTS, () => tryRecord(d, input, opts));
}

async function tryRecord(
  d: Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'chargebacks'>,
  input: ChargebackInput,
  opts: Alongside,
): Promise<ChargebackResult> {
  const payment = PATTERNS.uuid.test(input.transId) ? await d.payments.get(input.transId) : undefined;
  if (!payment) throw NotFoundError.transaction();
  const now = d.clock.now().toISOString();
  const amount = parseAmount(input.amount, parseCurrency(payment.currency), 'amount').minor;
  if (amount <= 0) throw ValidationError.field('amount', 'This value should be greater than 0.');
  const bankDate = input.bankDate ?? now.slice(0, 10);
  if (bankDate > now.slice(0, 10)) throw ValidationError.field('bank_date', 'This value is not valid.');

  const previous = payment.details.chargeback;
  if (previous && previous.amount === amount && previous.reasonCode === input.reasonCode && previous.bankDate === bankDate) {
    return { payment, duplicate: true };
  }
  // The machine's CHARGEBACK row: a SETTLED payment that took money from the payer, for at most what is left of it
  // (refunds still waiting for the acquirer may already have returned the money).
  const event = { name: 'CHARGEBACK' as const, amount };
  permitOrThrow(payment, event, {
    NOT_ALLOWED: () => BusinessRuleError.chargebackNotAllowed(),
    CHARGEBACK_TOO_LARGE: () => BusinessRuleError.chargebackTooLarge(),
  });

  const config = await d.merchants.get(payment.clientKey);
  if (!config) throw new Error('merchant of the payment not found');
  const id = d.newId();
  const facts: ChargebackFacts = { amount, reasonCode: input.reasonCode, bankDate, date: now };
  const next = nextVersion(payment, now);
  apply(next, event);
  next.history.push({ id, type: 'CHARGEBACK', status: 'success', date: now, amount });
  next.details.chargeback = { id, amount, reasonCode: input.reasonCode, bankDate, date: now } satisfies StoredChargeback;
  const callbacks = recordCallback(next, config.merchant, chargebackCallbackFields(next, config.merchant, facts), d.newId(), now);
  // The merchant's chargeback listing gets its entry in this same transaction: both or neither.
  const entry = d.chargebacks.entryItem({ clientKey: next.clientKey, transId: next.transId, chargebackId: id, at: now });
  const alongside = opts.alongside ? opts.alongside.plus(entry) : TransactionItems.of(entry);
  await d.payments.update(next, callbacks, undefined, { alongside });
  await enqueue(d, callbacks, next.transId);
  return { payment: next, duplicate: false };
}

/** What the ops handler and the CLI report. */
export function chargebackSummary(r: ChargebackResult): ConsoleChargebackOpenAnswer {
  const c = r.payment.details.chargeback!;
  return {
    trans_id: r.payment.transId,
    // A recorded chargeback moved the payment to CHARGEBACK, a final status (shared/domain/payment-machine/table.ts).
    status: r.payment.status as 'CHARGEBACK',
    amount: formatAmount({ minor: c.amount, currency: r.payment.currency }),
    currency: r.payment.currency,
    reason_code: c.reasonCode,
    bank_date: c.bankDate,
    duplicate: r.duplicate,
  };
}
