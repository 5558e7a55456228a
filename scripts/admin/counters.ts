/**
 * Admin CLI, counters group (`npm run admin -- counters <command>`), dispatched from scripts/admin/cli.ts.
 * `backfill` fills the dashboard's hourly counters for the hours the stream consumer never saw (docs/console.md,
 * "Dashboard counters"): only hours without an item, so it can be run again at any time.
 */
import { parseArgs } from 'node:util';
import { DynamoCounterBackfill } from '../../shared/adapters/aws/dynamo-counter-backfill.js';
import { DynamoConsoleCounters } from '../../shared/adapters/aws/dynamo-console-counters.js';
import { depsWithClock } from '../../shared/entry/composition/deps.js';
import { backfillCounters } from '../../shared/operations/console/backfill-counters.js';

export const COUNTERS_USAGE = `usage: npm run admin -- counters <command>
  backfill [--days 30] [--merchant CLIENT_KEY] [--dry-run]
      the dashboard counters of the last DAYS days (up to the hour before the current one) from the payments and
      their callbacks, for every merchant or one; hours that already have counters are left alone

example:
  npm run admin -- counters backfill --days 30 --dry-run`;

export async function runCountersCommand(argv: string[]): Promise<unknown> {
  const [cmd, ...args] = argv;
  const { values } = parseArgs({
    args,
    options: { days: { type: 'string' }, merchant: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  });
  if (cmd !== 'backfill') throw new Error(COUNTERS_USAGE);
  const days = Number(values.days ?? '30');
  if (!Number.isInteger(days) || days < 1 || days > 400)
    throw new Error(`--days takes a whole number from 1 to 400 (counters are kept 400 days).\n${COUNTERS_USAGE}`);
  const d = await depsWithClock();
  const clientKeys = values.merchant ? [values.merchant] : (await d.merchants.list()).map((m) => m.clientKey);
  if (values.merchant && !(await d.merchants.get(values.merchant))) throw new Error('No merchant with that client key.');
  const report = await backfillCounters(
    { store: new DynamoCounterBackfill(d.config.TABLE_NAME), counters: new DynamoConsoleCounters(d.config.TABLE_NAME) },
    { clientKeys, days, now: d.clock.now(), dryRun: values['dry-run'] },
  );
  return { ...(values['dry-run'] ? { dryRun: true } : {}), merchants: clientKeys.length, ...report };
}
