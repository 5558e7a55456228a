/**
 * The dashboard: payments per hour (per day over 30 days), approval rate, callback delivery success and undetermined
 * payments, for one merchant or (operators) all. Read from the hourly counters the table's stream keeps
 * (operations/console/count-stream.ts): one Query of that merchant's (or the platform's) counter items — 24 for the
 * last 24 hours, up to 720 for 30 days, summed per UTC day here (no roll-up items to keep in step). No cap, no scan.
 */
import type { HourCounts } from '../../ports/console-counters.js';
import { PLATFORM_SCOPE } from '../../ports/console-counters.js';
import type { ConsoleBucket, ConsoleDashboardAnswer } from '../../protocol/console/answers.js';
import type { Deps } from '../deps.js';
import type { ConsoleContext } from './console-deps.js';
import { hourOf } from './counter-deltas.js';
import { isOperator, merchantOf, type Principal } from './roles.js';

const RANGES = { '24h': { span: 24 * 3600_000, bucket: 3600_000 }, '30d': { span: 30 * 86400_000, bucket: 86400_000 } } as const;

export type Bucket = ConsoleBucket;

export async function dashboard(
  cx: ConsoleContext<Pick<Deps, 'clock'>>,
  p: Principal,
  query: Record<string, string | undefined>,
): Promise<ConsoleDashboardAnswer> {
  const name = query.range === '30d' ? '30d' : '24h';
  const range = RANGES[name];
  const now = cx.d.clock.now().getTime();
  const first = Math.floor((now - range.span) / range.bucket + 1) * range.bucket;
  const buckets: Bucket[] = [];
  for (let t = first; t <= now; t += range.bucket) {
    buckets.push({
      start: new Date(t).toISOString(),
      payments: 0,
      approved: 0,
      declined: 0,
      undetermined: 0,
      other: 0,
      callbacksDelivered: 0,
      callbacksFailed: 0,
    });
  }
  const scope = isOperator(p) && !query.client_key ? PLATFORM_SCOPE : merchantOf(p, query.client_key);
  const hours = await cx.counters.hours(scope, hourOf(new Date(first).toISOString()), hourOf(new Date(now).toISOString()));
  for (const h of hours) {
    const b = buckets[Math.floor((Date.parse(`${h.hour}:00:00Z`) - first) / range.bucket)];
    if (b) add(b, h);
  }
  return { range: name, bucketSeconds: range.bucket / 1000, buckets };
}

function add(b: Bucket, h: HourCounts): void {
  b.approved += h.approved;
  b.declined += h.declined;
  b.undetermined += h.undetermined;
  b.other += h.other;
  b.payments += h.approved + h.declined + h.undetermined + h.other;
  b.callbacksDelivered += h.delivered;
  b.callbacksFailed += h.failed;
}
