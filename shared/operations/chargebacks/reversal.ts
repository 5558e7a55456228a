/**
 * A chargeback reversed, whole or in part (the merchant won the dispute, or part of it; the acquirer gives that money
 * back), recorded with the admin CLI (`chargebacks reverse TRANS_ID [--amount N] [--reference REF]`,
 * docs/chargebacks.md "Reversal"): the payment keeps its status CHARGEBACK (the protocol has no status or callback for
 * a reversal) and appends the reversal to its chargeback, in one conditional write (version), so the reversals' sum
 * never exceeds the chargeback however many run at once; the ledger journals each from the change (Dr chargebacks,
 * Cr merchant payable). Without --amount the rest is reversed; nothing left, or a reference already recorded, is a
 * duplicate: nothing changes.
 */
import type { Deps } from '../deps.js';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../domain/errors.js';
import { retryOnConflict } from '../../domain/conflict-retry.js';
import { formatAmount, parseAmount, parseCurrency } from '../../domain/money.js';
import type { Payment } from '../../domain/payment.js';
import { reversedAmount, reversalsOf, type ChargebackReversal } from '../../domain/payment-details.js';
import { PATTERNS } from '../../protocol/fields.js';
import { nextVersion } from '../payment/index.js';

const ATTEMPTS = 3;

export interface ChargebackReversalResult {
  payment: Payment;
  /** The reversal this call recorded, or the one a duplicate names (absent when nothing was left to reverse). */
  reversal?: ChargebackReversal;
  duplicate: boolean;
}

export interface ReversalRequest {
  /** Major units in the payment's currency ("3.00"); absent: whatever is not reversed yet. */
  amount?: string;
  /** The acquirer's reference for this reversal: the same reference again is a duplicate. */
  reference?: string;
}

export async function reverseChargeback(
  d: Pick<Deps, 'payments' | 'clock' | 'newId'>,
  transId: string,
  req: ReversalRequest = {},
): Promise<ChargebackReversalResult> {
  return retryOnConflict(ATTEMPTS, () => tryReverse(d, transId, req));
}

async function tryReverse(
  d: Pick<Deps, 'payments' | 'clock' | 'newId'>,
  transId: string,
  req: ReversalRequest,
): Promise<ChargebackReversalResult> {
  const payment = PATTERNS.uuid.test(transId) ? await d.payments.get(transId) : undefined;
  if (!payment) throw NotFoundError.transaction();
  const chargeback = payment.details.chargeback;
  const same = req.reference ? reversalsOf(chargeback).find((r) => r.reference === req.reference) : undefined;
  if (same) return { payment, reversal: same, duplicate: true };
  // Only a payment charged back (and nothing since).
  if (!chargeback || payment.status !== 'CHARGEBACK') throw BusinessRuleError.chargebackReversalNotAllowed();
  const left = chargeback.amount - reversedAmount(chargeback);
  if (req.amount === undefined && left === 0) return { payment, ...lastOf(chargeback), duplicate: true };
  const amount = req.amount === undefined ? left : parseAmount(req.amount, parseCurrency(payment.currency), 'amount').minor;
  if (amount <= 0) throw ValidationError.field('amount', 'This value should be greater than 0.');
  if (amount > left)
    throw ValidationError.field(
      'amount',
      `The reversals would exceed the chargeback: ${formatAmount({ minor: left, currency: payment.currency })} ${payment.currency} is left to reverse.`,
    );
  const now = d.clock.now().toISOString();
  const reversal: ChargebackReversal = { id: d.newId(), amount, date: now, ...(req.reference ? { reference: req.reference } : {}) };
  const next = nextVersion(payment, now);
  next.details.chargeback = { ...chargeback, reversals: [...(chargeback.reversals ?? []), reversal] };
  await d.payments.update(next, []);
  return { payment: next, reversal, duplicate: false };
}

const lastOf = (c: NonNullable<Payment['details']['chargeback']>) => {
  const all = reversalsOf(c);
  return all.length ? { reversal: all[all.length - 1]! } : {};
};

/** What the CLI reports: this reversal, and what the chargeback has had reversed in all. */
export function reversalSummary(r: ChargebackReversalResult): Record<string, unknown> {
  const c = r.payment.details.chargeback!;
  const money = (minor: number) => formatAmount({ minor, currency: r.payment.currency });
  return {
    trans_id: r.payment.transId,
    status: r.payment.status,
    ...(r.reversal
      ? {
          reversal_id: r.reversal.id,
          reversed_amount: money(r.reversal.amount),
          reversed_at: r.reversal.date,
          ...(r.reversal.reference ? { reference: r.reversal.reference } : {}),
        }
      : {}),
    currency: r.payment.currency,
    total_reversed: money(reversedAmount(c)),
    chargeback_amount: money(c.amount),
    duplicate: r.duplicate,
  };
}
