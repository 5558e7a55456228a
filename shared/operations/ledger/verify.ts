/**
 * `ledger verify [--merchant KEY]` (docs/ledger.md "Verify"): each payment's books checked against its state
 * (domain/ledger/verify.ts), and the balances summed two ways, from the payments' states and from the journals, per
 * account. A journal the stream consumer has not written yet shows as missing: run it again after a moment.
 */
import type { Deps } from '../deps.js';
import { balances, unbalanced, type Journal } from '../../domain/ledger/journal.js';
import { addToBook, type BookTotals } from '../../domain/ledger/settled-books.js';
import { balancesFromState, paymentProblems } from '../../domain/ledger/verify.js';
import type { Ledger, LedgerBalance, Settlements } from '../../ports/ledger.js';
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

export async function verifyLedger(
  d: Pick<Deps, 'merchants' | 'payments'>,
  ledger: Ledger,
  opts: { merchant?: string; settlements?: Settlements } = {},
): Promise<VerifyReport> {
  const keys = opts.merchant ? [opts.merchant] : (await d.merchants.list()).map((m) => m.clientKey);
  if (opts.merchant && !(await d.merchants.get(opts.merchant))) throw new Error(`No merchant with client key ${opts.merchant}.`);
  const problems: string[] = [];
  const all: Journal[] = [];
  const fromState = new Map<string, number>();
  let payments = 0;
  let batches = 0;
  const addState = (account: string, amount: number) => fromState.set(account, (fromState.get(account) ?? 0) + amount);
  for (const clientKey of keys) {
    const mine: Journal[] = [];
    let reserve: Journal[] = [];
    if (opts.settlements) {
      const checked = await settlementProblems(ledger, opts.settlements, clientKey);
      batches += checked.batches;
      problems.push(...checked.problems);
      // The reserve's journals: balanced, and the batches' reserves are the "state" they must equal.
      reserve = checked.reserve.found;
      for (const j of reserve) if (unbalanced(j)) problems.push(`journal ${unbalanced(j)}`);
      for (const [account, amount] of balances(checked.reserve.implied)) addState(account, amount);
    }
    const listed = await d.payments.listForMerchant(clientKey, { limit: PAGE });
    for (const p of listed.payments) {
      payments++;
      const journals = await ledger.journalsOf(p.transId);
      mine.push(...journals);
      problems.push(...paymentProblems(p, journals));
      for (const [account, amount] of balancesFromState(
        p,
        journals.reduce((s, j) => s + j.fee, 0),
      ))
        addState(account, amount);
    }
    all.push(...mine, ...reserve);
    problems.push(...balanceProblems(clientKey, await ledger.balances(clientKey), mine, reserve));
  }
  const fromJournals = balances(all);
  for (const account of new Set([...fromState.keys(), ...fromJournals.keys()])) {
    if ((fromState.get(account) ?? 0) !== (fromJournals.get(account) ?? 0)) {
      problems.push(
        `${account}: ${fromJournals.get(account) ?? 0} by the journals, ${fromState.get(account) ?? 0} by the payments' states`,
      );
    }
  }
  const sorted = Object.fromEntries([...fromJournals.entries()].filter(([, v]) => v !== 0).sort(([a], [b]) => a.localeCompare(b)));
  return {
    ok: problems.length === 0,
    merchants: keys.length,
    payments,
    journals: all.length,
    settlements: batches,
    problems,
    balances: sorted,
  };
}

/**
 * The balance the merchant API, the console and the operator's payables are served (settled books plus the journals
 * since) against the journals themselves, per currency, to the cent.
 */
function balanceProblems(
  clientKey: string,
  served: readonly LedgerBalance[],
  journals: readonly Journal[],
  reserve: readonly Journal[],
): string[] {
  const want = new Map<string, BookTotals>();
  for (const j of journals) addToBook(want, j);
  for (const j of reserve) {
    const t = want.get(j.currency) ?? { payable: 0, reserve: 0, fees: 0, journals: 0 };
    const held = j.kind === 'reserve_held' ? j.amount : -j.amount;
    t.payable -= held;
    t.reserve += held;
    want.set(j.currency, t);
  }
  const got = new Map(served.map((b) => [b.currency, b]));
  const problems: string[] = [];
  for (const currency of new Set([...want.keys(), ...got.keys()])) {
    const w = want.get(currency);
    const g = got.get(currency);
    for (const f of ['payable', 'reserve', 'fees', 'journals'] as const) {
      if ((w?.[f] ?? 0) !== (g?.[f] ?? 0))
        problems.push(`balance of ${clientKey} in ${currency}: ${f} ${g?.[f] ?? 0} served, ${w?.[f] ?? 0} by the journals`);
    }
  }
  return problems;
}
