/** `npm run admin -- fees set|show KEY`: a merchant's fee schedule, or the platform default's (docs/ledger.md). */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { deps } from '../../shared/entry/composition/deps.js';
import { feeSchedules } from '../../shared/entry/composition/ledger.js';
import { setFees, showFees } from '../../shared/operations/ledger/fees.js';

export const FEES_USAGE = `usage: npm run admin -- fees <set|show> CLIENT_KEY|default [options]
  fees set CLIENT_KEY --file fees.json   validate the schedule and store it (every problem is named)
  fees set default --file fees.json      the platform's default, for merchants without a matching rule
  fees show CLIENT_KEY|default           the stored schedule

fees.json (docs/ledger.md "Fees"): the first matching rule wins, each field but percent/fixed optional:
  {"rules": [{"action": "capture", "method": "visa", "currency": "USD", "percent": "2.9", "fixed": "0.30"},
             {"action": "refund", "currency": "USD", "fixed": "0.15"}, {"action": "chargeback", "currency": "USD", "fixed": "15.00"}]}`;

export async function runFeesCommand(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { file: { type: 'string' } } });
  const [cmd, scope] = positionals;
  if (!scope || (cmd !== 'set' && cmd !== 'show')) throw new Error(FEES_USAGE);
  if (cmd === 'show') return showFees(deps(), feeSchedules(), scope);
  if (!values.file) throw new Error(`--file is required.\n${FEES_USAGE}`);
  let text: string;
  try {
    text = await readFile(values.file, 'utf8');
  } catch (err) {
    throw new Error(`--file: cannot read ${values.file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, {
      cause: err,
    });
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (err) {
    throw new Error(`--file: ${values.file} is not JSON (${(err as Error).message})`, { cause: err });
  }
  return setFees(deps(), feeSchedules(), scope, input);
}
