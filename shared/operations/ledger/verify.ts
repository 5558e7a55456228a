/**
 * `ledger verify [--merchant KEY]` (docs/ledger.md "Verify"): each payment's books checked against its state
 * (domain/ledger/verify.ts), and the balances summed two ways, from the payments' states and from the journals, per
 * account. A journal the stream consumer has not written yet shows as missing: run it again after a moment.
 */
import type { Deps } from '../deps.js';
import { balances, type Journal } from '../../domain/ledger/journal.js';
import { balancesFromState, paymentProblems } from '../../domain/ledger/verify.js';
import type { Ledger, Settlements } from '../../ports/ledger.js';
import { settlementProblems } from './verify-settlements.js';

export interface VerifyReport {
  ok: boolean;
  merchants: number;
  payments: number;
  journals: number;
  /** Settlement batches checked against their day's journals. */
  settlements: number;
  problems: string[];
  /** Per account: credits − debits by the journals (equal to the states' when ok). */
  balances: Record<string, number>;
}

/** Payments listed per merchant: at most this many are held at once. */
const PAGE = 1_000_000;

export async function verifyLedger(d: Pick<Deps, 'merchants' | 'payments'>, ledger: Ledger, opts: { merchant?: string; settlements?: Settlements } = {}): Promise<VerifyReport> {
  const keys = opts.merchant ? [opts.merchant] : (await d.merchants.list()).map((m) => m.clientKey);
  if (opts.merchant && !(await d.merchants.get(opts.merchant))) throw new Error(`No merchant with client key ${opts.merchant}.`);
  const problems: string[] = [];
  const all: Journal[] = [];
  const fromState = new Map<string, number>();
  let payments = 0;
  let batches = 0;
  for (const clientKey of keys) {
    if (opts.settlements) {
      const checked = await settlementProblems(ledger, opts.settlements, clientKey);
      batches += checked.batches;
      problems.push(...checked.problems);
    }
    const listed = await d.payments.listForMerchant(clientKey, { limit: PAGE });
    for (const p of listed.payments) {
      payments++;
      const journals = await ledger.journalsOf(p.transId);
      all.push(...journals);
      problems.push(...paymentProblems(p, journals));
      for (const [account, amount] of balancesFromState(p, journals.reduce((s, j) => s + j.fee, 0))) fromState.set(account, (fromState.get(account) ?? 0) + amount);
    }
  }
  const fromJournals = balances(all);
  for (const account of new Set([...fromState.keys(), ...fromJournals.keys()])) {
    if ((fromState.get(account) ?? 0) !== (fromJournals.get(account) ?? 0)) {
      problems.push(`${account}: ${fromJournals.get(account) ?? 0} by the journals, ${fromState.get(account) ?? 0} by the payments' states`);
    }
  }
  const sorted = Object.fromEntries([...fromJournals.entries()].filter(([, v]) => v !== 0).sort(([a], [b]) => a.localeCompare(b)));
  return { ok: problems.length === 0, merchants: keys.length, payments, journals: all.length, settlements: batches, problems, balances: sorted };
}
