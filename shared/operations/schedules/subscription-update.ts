/** Read → change → conditional write of one subscription, again on conflict (runner lease, consumer, operators). */
import type { Subscription } from '../../domain/schedule.js';
import { ConflictError, NotFoundError } from '../../domain/errors.js';
import type { ScheduleDeps } from './types.js';
import type { Alongside } from '../../ports/transaction-items.js';

const ATTEMPTS = 8;

/**
 * Applies `change` to the stored subscription (undefined = nothing to do) until the write wins; answers the stored
 * result. Throws "This value is not correct." when there is no such subscription. `alongside` goes with the write.
 */
export async function updateSubscription(
  d: Pick<ScheduleDeps, 'schedules' | 'clock'>,
  scheduleId: string,
  recurringToken: string,
  change: (s: Subscription) => Subscription | undefined | Promise<Subscription | undefined>,
  opts: Alongside = {},
): Promise<Subscription> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const current = await d.schedules.getSubscription(scheduleId, recurringToken);
    if (!current) throw NotFoundError.generic();
    const next = await change(structuredClone(current));
    if (!next) return current;
    next.version = current.version + 1;
    next.updatedAt = d.clock.now().toISOString();
    if (await d.schedules.saveSubscription(next, opts)) return next;
  }
  throw ConflictError.subscriptionChanged();
}
