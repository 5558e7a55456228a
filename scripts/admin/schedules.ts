/**
 * Admin CLI, schedules group (`npm run admin -- schedules <command>`), dispatched from scripts/admin/cli.ts.
 * `event` applies exactly what the console's ops events apply (same schemas, same writes). See docs/schedules.md.
 */
import { parseArgs } from 'node:util';
import { deps } from '../../shared/entry/composition/deps.js';
import { requireSchedule } from '../../shared/operations/schedules/manage.js';
import { applyOpsEvent, OPS_DETAIL_TYPES } from '../../shared/operations/schedules/ops-events.js';
import { enqueueDue } from '../../shared/operations/schedules/runner.js';

export const SCHEDULES_USAGE = `usage: npm run admin -- schedules <command>
  show SCHEDULE_ID                          a schedule's settings
  subscription SCHEDULE_ID RECURRING_TOKEN  a chain on that schedule: next run, amount, charges made, state
  due [--limit N]                           subscriptions whose next run has fallen due (not yet queued)
  run                                       queue every due run now (what the one-minute runner does)
  event "DETAIL TYPE" 'DETAIL_JSON'         apply an ops event, as the console's "Send events" would:
                                            ${OPS_DETAIL_TYPES.join(', ')}

example:
  npm run admin -- schedules due --limit 10
  npm run admin -- schedules run`;

export async function runSchedulesCommand(argv: string[]): Promise<unknown> {
  const [cmd, ...args] = argv;
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { limit: { type: 'string' } } });
  const arg = (i: number, name: string): string => {
    const v = positionals[i];
    if (!v) throw new Error(`${name} is required.\n${SCHEDULES_USAGE}`);
    return v;
  };
  const d = deps();
  switch (cmd) {
    case 'show':
      return requireSchedule(d, arg(0, 'SCHEDULE_ID'));
    case 'subscription': {
      const sub = await d.schedules.getSubscription(arg(0, 'SCHEDULE_ID'), arg(1, 'RECURRING_TOKEN'));
      if (!sub) throw new Error('No such subscription.');
      return sub;
    }
    case 'due': {
      const limit = Number(values.limit ?? 100);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('--limit must be 1..1000');
      return d.schedules.findDue(d.clock.now().toISOString(), limit);
    }
    case 'run':
      return enqueueDue(d);
    case 'event': {
      let detail: unknown;
      try {
        detail = JSON.parse(arg(1, 'DETAIL_JSON'));
      } catch {
        throw new Error('DETAIL_JSON is not JSON.');
      }
      return { applied: await applyOpsEvent(d, arg(0, 'DETAIL TYPE'), detail) };
    }
    default:
      throw new Error(SCHEDULES_USAGE);
  }
}
