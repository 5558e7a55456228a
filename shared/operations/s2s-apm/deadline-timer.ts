/**
 * After a payment with a deadline (QR lifetime, bank window) is written: its one-time wake-up (ports/deadline-timers.ts).
 * Scheduled after the write, so a wake-up always finds its payment; if scheduling fails the payment still expires,
 * later, by the sweeper's backstop run, so the failure is logged, not the merchant's problem.
 */
import type { Deps } from '../deps.js';
import { apmDeadline } from '../../domain/apm-deadline.js';
import type { Payment } from '../../domain/payment.js';
import { logger } from '../../logger.js';

export async function armDeadline(d: Pick<Deps, 'clock' | 'deadlineTimers'>, p: Payment): Promise<void> {
  const deadline = apmDeadline(p);
  if (!deadline) return;
  // Scheduler runs on real time; on a test clock the deadline is in the clock's time.
  const realAt = new Date(Date.now() + (Date.parse(deadline) - d.clock.now().getTime()));
  try {
    await d.deadlineTimers.schedule(p.transId, realAt);
  } catch (err) {
    logger.error('apm deadline not scheduled; the sweeper expires it', { transId: p.transId, error: (err as Error).message });
  }
}
