/** `npm run admin -- routing set|show CLIENT_KEY`: a merchant's routing rules (docs/routing.md). */
import { parseArgs } from 'node:util';
import { deps } from '../../shared/entry/composition/deps.js';
import { setRouting, showRouting } from '../../shared/operations/routing/manage.js';
import { readJsonFile } from './json-file.js';

export const ROUTING_USAGE = `usage: npm run admin -- routing <set|show> CLIENT_KEY [options]
  routing set CLIENT_KEY --file rules.json [--max-attempts N]   validate the rules against the merchant's MIDs and store them
  routing show CLIENT_KEY                                       the stored rules and their version

example (docs/routing.md has the file format):
  npm run admin -- routing set CLIENT_KEY --file rules.json --max-attempts 2
  echo '{"rules": []}' > none.json && npm run admin -- routing set CLIENT_KEY --file none.json   (removes all rules)`;

export async function runRoutingCommand(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { file: { type: 'string' }, 'max-attempts': { type: 'string' } },
  });
  const [cmd, clientKey] = positionals;
  if (!clientKey || (cmd !== 'set' && cmd !== 'show')) throw new Error(ROUTING_USAGE);
  const d = deps();
  if (cmd === 'show') return showRouting(d, clientKey);
  if (!values.file) throw new Error(`--file is required.\n${ROUTING_USAGE}`);
  const rules = await readJsonFile(values.file);
  const max = values['max-attempts'];
  if (max !== undefined && !/^\d+$/.test(max)) throw new Error('--max-attempts takes a whole number (1 disables cascading).');
  return setRouting(d, clientKey, rules, max === undefined ? {} : { maxAttempts: Number(max) });
}
