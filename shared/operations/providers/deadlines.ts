/**
 * The APM deadline sweeper: payments whose provider step outlived its deadline unpaid (a QR's lifetime, a bank-code
 * transfer's window) end DECLINED with their callback — exactly once, as any other close of the step
 * (provider-step.ts): a notification that arrives first wins, one that arrives later changes nothing.
 *
 * Deployed, each deadline has its own one-time schedule (expireWhenDue below), and the sweeper runs every few minutes
 * as a backstop for a schedule that could not be made; it may keep watching for APM_DEADLINE_WATCH_SECONDS, polling
 * every APM_DEADLINE_POLL_SECONDS. Locally the pollers (or a test) run it as one pass every 2 s.
 */
import type { Deps } from '../deps.js';
import { apmDeadline } from '../../domain/apm-deadline.js';
import { closeProviderStep, type ProviderStepDeps } from './provider-step.js';
import { PATTERNS } from '../../protocol/fields.js';
import { latestNow, onMerchantClock } from '../clock/merchant-clocks.js';

/** The decline reason of an expired payment; the QR page and the docs say the same. */
export const EXPIRED = 'expired';

export interface DeadlineReport {
  passes: number;
  expired: number;
}

export async function expireDue(stage: ProviderStepDeps, due: (now: string) => Promise<string[]>): Promise<number> {
  // A sandbox: up to the latest merchant's time, each payment then by its own merchant's test clock.
  const now = (await latestNow(stage)).toISOString();
  let expired = 0;
  for (const transId of await due(now)) {
    const d = await onPaymentMerchantClock(stage, transId);
    const isDue = (p: Parameters<typeof apmDeadline>[0]) => {
      const deadline = apmDeadline(p);
      return deadline !== undefined && deadline <= d.clock.now().toISOString();
    };
    const { effect } = await closeProviderStep(
      d,
      transId,
      { outcome: 'declined', declineReason: EXPIRED, providerStatus: EXPIRED, deadline: true },
      isDue,
    );
    if (effect === 'applied') expired++;
  }
  return expired;
}

export async function sweepDeadlines(
  d: Pick<Deps, 'config' | 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId'>,
  due: (now: string) => Promise<string[]>,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<DeadlineReport> {
  const until = d.clock.now().getTime() + d.config.APM_DEADLINE_WATCH_SECONDS * 1000;
  const report: DeadlineReport = { passes: 0, expired: 0 };
  for (;;) {
    report.expired += await expireDue(d, due);
    report.passes++;
    if (d.clock.now().getTime() + d.config.APM_DEADLINE_POLL_SECONDS * 1000 > until) return report;
    await sleep(d.config.APM_DEADLINE_POLL_SECONDS * 1000);
  }
}

/** The longest a wake-up waits for its deadline: Scheduler fires somewhere in the deadline's minute. */
export const MAX_WAIT_MS = 65_000;

/**
 * A one-time schedule woke up for one payment (scheduler-deadline-timers.ts): wait for its deadline (Scheduler fires
 * within the deadline's minute, possibly before it), then expire it unless a notification closed it first. A deadline
 * further away (the test clock moved back, or the wake-up came early) is left to the sweeper.
 */
export async function expireWhenDue(
  stage: ProviderStepDeps,
  transId: string,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<number> {
  const p = PATTERNS.uuid.test(transId) ? await stage.payments.get(transId) : undefined;
  const deadline = p && apmDeadline(p);
  if (!deadline) return 0;
  const d = await onMerchantClock(stage, p.clientKey);
  const wait = Date.parse(deadline) - d.clock.now().getTime();
  if (wait > MAX_WAIT_MS) return 0;
  if (wait > 0) await sleep(wait);
  return expireDue(stage, async () => [transId]);
}

/** A sandbox: `d` on the payment's merchant's test clock (docs/test-clock.md); elsewhere `d` itself, unread. */
async function onPaymentMerchantClock<D extends Pick<Deps, 'payments' | 'clock'>>(d: D, transId: string): Promise<D> {
  if (!d.clock.forMerchant || !PATTERNS.uuid.test(transId)) return d;
  const p = await d.payments.get(transId);
  return p ? onMerchantClock(d, p.clientKey) : d;
}
