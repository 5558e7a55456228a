/** `npm run admin -- ledger verify [--merchant KEY]`: the books checked against the payments (docs/ledger.md). */
import { parseArgs } from 'node:util';
import { deps } from '../../shared/deps.js';
import { ledger } from '../../shared/composition/ledger.js';
import { verifyLedger, type VerifyReport } from '../../shared/operations/ledger/verify.js';

export const LEDGER_USAGE = `usage: npm run admin -- ledger verify [--merchant CLIENT_KEY]
  every journal balances, every payment that moved money has its journals (and no others), and the balances summed
  from the payments' states equal those summed from the journals, per account; exits 1 and names each problem otherwise`;

export class LedgerProblemsError extends Error {
  constructor(readonly report: VerifyReport) {
    super(`The ledger does not hold (${report.problems.length} problem(s)):\n${report.problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export async function runLedgerCommand(args: string[]): Promise<VerifyReport> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { merchant: { type: 'string' } } });
  if (positionals[0] !== 'verify' || positionals.length > 1) throw new Error(LEDGER_USAGE);
  const report = await verifyLedger(deps(), ledger(), { merchant: values.merchant });
  if (!report.ok) throw new LedgerProblemsError(report);
  return report;
}
