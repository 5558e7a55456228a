/**
 * Arms each new APM deadline's one-time wake-up (ports/deadline-timers.ts), from the table's stream rather than in the
 * request that wrote the deadline: the request then carries no Scheduler client (−21.5 KiB in the S2S APM and
 * Checkout pay bundles, docs/performance.md), and the wake-up always finds its payment written.
 *
 * Once per deadline: the decoder passes only the write that created it, and the schedule is named after the payment,
 * so a replayed or retried record asks again and makes nothing new. A schedule that cannot be made is logged, not
 * retried: the sweeper's backstop expires that payment (routes/providers.ts), and the batch's other work (the
 * ledger's journals) is not replayed for it.
 */
import type { Clock } from '../../ports/clock.js';
import type { DeadlineTimers, NewDeadline } from '../../ports/deadline-timers.js';
import { logger } from '../../lib/logger.js';

/** `clock`: the merchants' clocks (a sandbox's test clocks), read afresh, as the ledger's journals read them. */
export async function armDeadlines(timers: DeadlineTimers, clock: Clock, due: readonly NewDeadline[]): Promise<number> {
  let armed = 0;
  await Promise.all(
    due.map(async ({ transId, clientKey, deadline }) => {
      try {
        // Scheduler runs on real time; on a test clock the deadline is in the merchant's clock's time.
        const merchantClock = (await clock.forMerchant?.(clientKey, { force: true })) ?? clock;
        const left = Date.parse(deadline) - merchantClock.now().getTime();
        // A deadline that passed while the record waited for its batch wakes the handler at once (this minute).
        await timers.schedule(transId, new Date(Date.now() + Math.max(0, left)));
        armed++;
      } catch (err) {
        logger.error('apm deadline not scheduled; the sweeper expires it', { transId, error: (err as Error).message });
      }
    }),
  );
  return armed;
}
