/**
 * A chargeback reversed (the merchant won the dispute; the acquirer gives the money back), recorded with the admin
 * CLI (`chargebacks reverse`, docs/chargebacks.md "Reversal"): the payment keeps its status CHARGEBACK (the protocol
 * has no status or callback for a reversal) and records the reversal on its chargeback, in one conditional write
 * (version); the ledger journals it from the change (Dr chargebacks, Cr merchant payable). Reversing twice is a
 * duplicate: nothing changes.
 */
import type { Deps } from '../deps.js';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../errors.js';
import { formatAmount } from '../../domain/money.js';
import type { Payment } from '../../domain/payment.js';
import { PATTERNS } from '../../protocol/fields.js';
import { nextVersion } from '../payment/index.js';

const ATTEMPTS = 3;

export interface ChargebackReversalResult {
  payment: Payment;
  duplicate: boolean;
}

export async function reverseChargeback(d: Pick<Deps, 'payments' | 'clock' | 'newId'>, transId: string): Promise<ChargebackReversalResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tryReverse(d, transId);
    } catch (err) {
      if (!(err instanceof ConflictError) || attempt >= ATTEMPTS) throw err;
    }
  }
}

async function tryReverse(d: Pick<Deps, 'payments' | 'clock' | 'newId'>, transId: string): Promise<ChargebackReversalResult> {
  const payment = PATTERNS.uuid.test(transId) ? await d.payments.get(transId) : undefined;
  if (!payment) throw NotFoundError.transaction();
  const chargeback = payment.details.chargeback;
  if (chargeback?.reversal) return { payment, duplicate: true };
  // Only a payment charged back (and nothing since): the whole chargeback comes back.
  if (!chargeback || payment.status !== 'CHARGEBACK') throw BusinessRuleError.chargebackReversalNotAllowed();
  const now = d.clock.now().toISOString();
  const next = nextVersion(payment, now);
  next.details.chargeback = { ...chargeback, reversal: { id: d.newId(), amount: chargeback.amount, date: now } };
  await d.payments.update(next, []);
  return { payment: next, duplicate: false };
}

/** What the CLI reports. */
export function reversalSummary(r: ChargebackReversalResult): Record<string, unknown> {
  const c = r.payment.details.chargeback!;
  return {
    trans_id: r.payment.transId,
    status: r.payment.status,
    reversed_amount: formatAmount({ minor: c.reversal!.amount, currency: r.payment.currency }),
    currency: r.payment.currency,
    reversed_at: c.reversal!.date,
    duplicate: r.duplicate,
  };
}
