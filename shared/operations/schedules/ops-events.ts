/**
 * Operator events from the ops bus (source "payments.ops"), sent from the AWS console's "Send events" form.
 * Each detail-type has a zod schema for its detail; a valid event is applied with the same conditional writes as the
 * API uses. Exact JSON to paste: docs/schedules.md.
 */
import * as z from '../../lib/zod-mini.js';
import { parseAmount, parseCurrency } from '../../domain/money.js';
import { dateOf, dueAt, isCalendarDate, type Subscription } from '../../domain/schedule.js';
import { setPaused } from './manage.js';
import { updateSubscription } from './subscription-update.js';
import type { ScheduleDeps } from './types.js';
import type { Alongside } from '../../ports/transaction-items.js';

const scheduleId = z.string().check(z.minLength(1), z.maxLength(64));
const subscriptionRef = z.strictObject({ schedule_id: scheduleId, recurring_token: z.string().check(z.minLength(1), z.maxLength(64)) });
const date = z.string().check(z.refine(isCalendarDate, 'expected a date YYYY-MM-DD'));
/** An amount string in the subscription's currency format ("12.50" for USD), checked against it when applied. */
const amount = z.string().check(z.regex(/^\d+(\.\d+)?$/, 'expected an amount string such as "12.50"'));

export const OPS_EVENT_SCHEMAS = {
  'Schedule Paused': z.strictObject({ schedule_id: scheduleId }),
  'Schedule Resumed': z.strictObject({ schedule_id: scheduleId }),
  'Subscription Paused': subscriptionRef,
  'Subscription Resumed': subscriptionRef,
  'Subscription Run Now': subscriptionRef,
  'Subscription Rescheduled': z.strictObject({ ...subscriptionRef.shape, next_run_date: date }),
  'Subscription Amount Changed': z.strictObject({ ...subscriptionRef.shape, amount }),
} as const;

export type OpsDetailType = keyof typeof OPS_EVENT_SCHEMAS;
export const OPS_DETAIL_TYPES = Object.keys(OPS_EVENT_SCHEMAS) as OpsDetailType[];

export class OpsEventError extends Error {}

/**
 * Validates and applies one event; throws OpsEventError for events that can never apply (bad detail, unknown ids).
 * `alongside` (a console action's audit entry) goes with the event's write; an event that changes nothing writes none.
 */
export async function applyOpsEvent(
  d: Pick<ScheduleDeps, 'clock' | 'schedules'>,
  detailType: string,
  detail: unknown,
  opts: Alongside = {},
): Promise<string> {
  if (!(detailType in OPS_EVENT_SCHEMAS)) throw new OpsEventError(`unknown detail-type ${JSON.stringify(detailType)}`);
  const parsed = OPS_EVENT_SCHEMAS[detailType as OpsDetailType].safeParse(detail);
  if (!parsed.success) throw new OpsEventError(parsed.error.issues.map((i) => `${i.path.join('.') || 'detail'}: ${i.message}`).join('; '));
  const e = parsed.data as Record<string, string>;
  const now = d.clock.now();
  const sub = (change: (s: Subscription) => Subscription | undefined) => subscriptionChange(d, e, change, opts);
  switch (detailType as OpsDetailType) {
    case 'Schedule Paused':
    case 'Schedule Resumed':
      await setPaused(d, e.schedule_id!, undefined, detailType === 'Schedule Paused', opts).catch(notFound);
      return `schedule ${e.schedule_id} ${detailType === 'Schedule Paused' ? 'paused' : 'resumed'}`;
    case 'Subscription Paused':
    case 'Subscription Resumed': {
      const paused = detailType === 'Subscription Paused';
      await sub((s) => (s.paused === paused ? undefined : { ...s, paused }));
      return `subscription ${paused ? 'paused' : 'resumed'}`;
    }
    case 'Subscription Run Now':
      // The pending run falls due now; later runs keep their dates.
      await sub((s) => ({ ...s, nextRunAt: now.toISOString() }));
      return 'subscription run queued for now';
    case 'Subscription Rescheduled': {
      const nextDate = e.next_run_date!;
      if (nextDate < dateOf(now)) throw new OpsEventError(`next_run_date: must be today (${dateOf(now)}) or later`);
      // The pending run moves to that date and later runs are counted from it.
      await sub((s) => ({ ...s, anchorDate: nextDate, anchorRun: s.nextRun, nextRunAt: dueAt(nextDate) }));
      return `subscription rescheduled to ${nextDate}`;
    }
    case 'Subscription Amount Changed': {
      let minor = 0;
      await sub((s) => {
        try {
          minor = parseAmount(e.amount, parseCurrency(s.currency), 'amount').minor;
        } catch {
          throw new OpsEventError(`amount: not a valid ${s.currency} amount`);
        }
        if (minor === 0) throw new OpsEventError('amount: must be greater than 0');
        return { ...s, amount: minor };
      });
      return `subscription amount changed to ${e.amount}`;
    }
  }
}

async function subscriptionChange(
  d: Pick<ScheduleDeps, 'clock' | 'schedules'>,
  e: Record<string, string>,
  change: (s: Subscription) => Subscription | undefined,
  opts: Alongside,
): Promise<void> {
  await updateSubscription(
    d,
    e.schedule_id!,
    e.recurring_token!,
    (s) => {
      if (s.state !== 'active') throw new OpsEventError('the subscription has ended');
      return change(s);
    },
    opts,
  ).catch(notFound);
}

function notFound(err: unknown): never {
  if (err instanceof Error && err.name === 'NotFoundError') throw new OpsEventError(`not found: ${err.message}`);
  throw err;
}
