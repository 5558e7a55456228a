/** `npm run admin -- settlements run|list|show`: daily settlement batches per merchant and currency (docs/ledger.md). */
import { parseArgs } from 'node:util';
import { deps } from '../../shared/entry/composition/deps.js';
import { feeSchedules, ledger, settlements } from '../../shared/entry/composition/ledger.js';
import { runSettlements } from '../../shared/operations/ledger/settle.js';
import { isDate, type Settlement } from '../../shared/domain/ledger/settlement.js';

export const SETTLEMENTS_USAGE = `usage: npm run admin -- settlements <run|list|show> [options]
  settlements run [--date YYYY-MM-DD] [--merchant CLIENT_KEY]
                  close each merchant's unclosed days of its clock, in order, up to that day (by default its
                  yesterday), at most 31 a run: one batch per currency a day; a day closed before is left
                  unchanged, a day not over yet is skipped
  settlements list --merchant CLIENT_KEY [--limit N] [--cursor C]   newest day first
  settlements show ID                                              one batch (ID: CLIENT_KEY_YYYY-MM-DD_CUR)`;

export async function runSettlementsCommand(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { date: { type: 'string' }, merchant: { type: 'string' }, limit: { type: 'string' }, cursor: { type: 'string' } },
  });
  const [cmd, id] = positionals;
  if (cmd === 'run') {
    if (values.date !== undefined && !isDate(values.date)) throw new Error(`--date: expected YYYY-MM-DD, got "${values.date}".`);
    return runSettlements(
      deps(),
      { ledger: ledger(), settlements: settlements(), feeSchedules: feeSchedules() },
      { date: values.date, merchant: values.merchant },
    );
  }
  if (cmd === 'list') {
    if (!values.merchant) throw new Error(`--merchant is required.\n${SETTLEMENTS_USAGE}`);
    if (!(await deps().merchants.get(values.merchant))) throw new Error(`No merchant with client key ${values.merchant}.`);
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('--limit: a whole number from 1 to 1000.');
    return settlements().list(values.merchant, { limit, cursor: values.cursor });
  }
  if (cmd === 'show' && id) {
    const found: Settlement | undefined = await settlements().get(id);
    if (!found) throw new Error(`No settlement ${id}.`);
    return found;
  }
  throw new Error(SETTLEMENTS_USAGE);
}
