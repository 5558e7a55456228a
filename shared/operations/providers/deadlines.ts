/**
 * The APM deadline sweeper: payments whose provider step outlived its deadline unpaid (a QR's lifetime, a bank-code
 * transfer's window) end DECLINED with their callback — exactly once, as any other close of the step
 * (provider-step.ts): a notification that arrives first wins, one that arrives later changes nothing.
 *
 * Deployed it runs every minute and keeps watching for APM_DEADLINE_WATCH_SECONDS, polling every
 * APM_DEADLINE_POLL_SECONDS, so a deadline is acted on within seconds rather than at the next minute; locally the
 * pollers (or a test) run it as one pass.
 */
import type { Deps } from '../../deps.js';
import { apmDeadline } from '../../domain/apm-deadline.js';
import { closeProviderStep } from './provider-step.js';

/** The decline reason of an expired payment; the QR page and the docs say the same. */
export const EXPIRED = 'expired';

export interface DeadlineReport {
  passes: number;
  expired: number;
}

export async function expireDue(d: Deps, due: (now: string) => Promise<string[]>): Promise<number> {
  const now = d.clock.now().toISOString();
  let expired = 0;
  for (const transId of await due(now)) {
    const isDue = (p: Parameters<typeof apmDeadline>[0]) => {
      const deadline = apmDeadline(p);
      return deadline !== undefined && deadline <= d.clock.now().toISOString();
    };
    const { effect } = await closeProviderStep(d, transId, { outcome: 'declined', declineReason: EXPIRED, providerStatus: EXPIRED, deadline: true }, isDue);
    if (effect === 'applied') expired++;
  }
  return expired;
}

export async function sweepDeadlines(d: Deps, due: (now: string) => Promise<string[]>, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<DeadlineReport> {
  const until = d.clock.now().getTime() + d.config.APM_DEADLINE_WATCH_SECONDS * 1000;
  const report: DeadlineReport = { passes: 0, expired: 0 };
  for (;;) {
    report.expired += await expireDue(d, due);
    report.passes++;
    if (d.clock.now().getTime() + d.config.APM_DEADLINE_POLL_SECONDS * 1000 > until) return report;
    await sleep(d.config.APM_DEADLINE_POLL_SECONDS * 1000);
  }
}
