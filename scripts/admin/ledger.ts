/** `npm run admin -- ledger verify|repair [--merchant KEY]`: the books checked against the payments (docs/ledger.md). */
import { parseArgs } from 'node:util';
import { deps } from '../../shared/entry/composition/deps.js';
import { feeSchedules, ledger, settlements } from '../../shared/entry/composition/ledger.js';
import { repairLedger } from '../../shared/operations/ledger/repair.js';
import { verifyLedger, type VerifyReport } from '../../shared/operations/ledger/verify.js';

export const LEDGER_USAGE = `usage: npm run admin -- ledger <verify|repair> [--merchant CLIENT_KEY]
  ledger verify   every journal balances, every payment that moved money has its journals (and no others), and the
                  balances summed from the payments' states equal those summed from the journals, per account; exits 1
                  and names each problem otherwise; each settlement batch still equals its day's journals
  ledger repair   journals what the stream consumer never took (a batch on its failure queue); appends only`;

export class LedgerProblemsError extends Error {
  constructor(readonly report: VerifyReport) {
    super(`The ledger does not hold (${report.problems.length} problem(s)):\n${report.problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** `verify` answers its report (or throws LedgerProblemsError), `repair` what it wrote. */
export async function runLedgerCommand(args: string[]): Promise<VerifyReport | { payments: number; written: number }> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { merchant: { type: 'string' } } });
  if (positionals.length !== 1 || (positionals[0] !== 'verify' && positionals[0] !== 'repair')) throw new Error(LEDGER_USAGE);
  if (positionals[0] === 'repair') return repairLedger(deps(), ledger(), feeSchedules(), { merchant: values.merchant });
  const report = await verifyLedger(deps(), ledger(), { merchant: values.merchant, settlements: settlements() });
  if (!report.ok) throw new LedgerProblemsError(report);
  return report;
}
