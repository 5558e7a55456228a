/**
 * The due-schedule runner (EventBridge rate schedule). Finds subscriptions whose next run fell due (sparse index
 * SCHEDULE_DUE), leases each with a conditional write and queues one charge message per lease. Two runners at once
 * lease each run once: the loser's condition fails. The lease moves the index entry LEASE_SECONDS ahead instead of
 * advancing the run, so a message lost between the write and the send is queued again when the lease lapses; the
 * consumer charges each (subscription, run) once whatever arrives twice.
 */
import type { DueEntry, RecurringChargeMessage } from '../../ports/schedules.js';
import { dueFor, latestNow } from '../clock/merchant-clocks.js';
import { logger } from '../../lib/logger.js';
import type { RunnerDeps } from './types.js';

export const LEASE_SECONDS = 15 * 60;
const PAGE = 100;
const MAX_PAGES = 20;

export async function enqueueDue(
  d: Pick<RunnerDeps, 'clock' | 'schedules' | 'recurringQueue'>,
): Promise<{ queued: number; lost: number; runs: RecurringChargeMessage[] }> {
  // A sandbox's merchants each have their own test clock: read up to the latest of them, keep what is due by the
  // subscription's own merchant (notDueForMerchant), and lease past that bound so leased entries leave the range.
  const now = await latestNow(d);
  const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
  let queued = 0;
  let lost = 0;
  // What this runner queued, so a caller that moved the test clock can wait for those runs (scripts/admin/clock.ts).
  const runs: RecurringChargeMessage[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const due = await d.schedules.findDue(now.toISOString(), PAGE);
    const leased: RecurringChargeMessage[] = [];
    for (const entry of due) {
      if (await notDueForMerchant(d, entry)) continue;
      if (await d.schedules.lease(entry, leaseUntil))
        leased.push({ scheduleId: entry.scheduleId, recurringToken: entry.recurringToken, run: entry.nextRun });
      else lost++;
    }
    if (leased.length) await d.recurringQueue.send(leased);
    queued += leased.length;
    runs.push(...leased);
    // Leased entries left the due range; a page of only lost races (or, in a sandbox, of runs due for other merchants
    // only later) means nothing more to take now.
    if (due.length < PAGE || leased.length === 0) break;
  }
  if (queued || lost) logger.info('schedule runner', { queued, lost });
  return { queued, lost, runs };
}

/** In a sandbox: the run is not due yet by its own merchant's test clock (docs/test-clock.md). */
async function notDueForMerchant(d: Pick<RunnerDeps, 'clock' | 'schedules'>, entry: DueEntry): Promise<boolean> {
  if (!d.clock.forMerchant) return false;
  const sub = await d.schedules.getSubscription(entry.scheduleId, entry.recurringToken);
  if (!sub) return false;
  return !(await dueFor(d, sub.clientKey, sub.nextRunAt));
}
