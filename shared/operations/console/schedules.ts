/**
 * Schedules and subscriptions in the console: a merchant's schedules, one schedule's subscriptions, and the
 * operator's changes — pause, resume, run now, change amount — applied by the ops-event operation the AWS console's
 * "Send events" path uses (operations/schedules/ops-events.ts), so both paths make the same conditional writes.
 */
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import { formatAmount, money } from '../../domain/money.js';
import type { Schedule, Subscription } from '../../domain/schedule.js';
import { applyOpsEvent, OpsEventError, type OpsDetailType } from '../schedules/ops-events.js';
import type {
  ConsoleSchedule,
  ConsoleScheduleActionAnswer,
  ConsoleScheduleAnswer,
  ConsoleSchedulesAnswer,
  ConsoleSubscription,
  ConsoleSubscriptionActionAnswer,
} from '../../protocol/console/answers.js';
import type { Deps } from '../deps.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { ConsoleNotFoundError } from './errors.js';
import { changeMerchant, merchantOf, readMerchant, type Principal } from './roles.js';

const MAX_SUBSCRIPTIONS = 500;

export const SCHEDULE_ACTIONS: Record<string, OpsDetailType> = { pause: 'Schedule Paused', resume: 'Schedule Resumed' };
export const SUBSCRIPTION_ACTIONS: Record<string, OpsDetailType> = {
  pause: 'Subscription Paused',
  resume: 'Subscription Resumed',
  'run-now': 'Subscription Run Now',
  amount: 'Subscription Amount Changed',
};

function scheduleView(s: Schedule): ConsoleSchedule {
  return {
    scheduleId: s.scheduleId,
    clientKey: s.clientKey,
    name: s.name,
    every: `${s.intervalLength} ${s.intervalUnit}${s.intervalLength === 1 ? '' : 's'}`,
    paymentsCount: s.paymentsCount,
    paused: s.paused,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

function subscriptionView(s: Subscription): ConsoleSubscription {
  return {
    scheduleId: s.scheduleId,
    recurringToken: s.recurringToken,
    initialTransId: s.initialTransId,
    orderId: s.orderId,
    amount: formatAmount(money(s.amount, s.currency)),
    currency: s.currency,
    nextRun: s.nextRun,
    nextRunAt: s.nextRunAt,
    chargesMade: s.chargesMade,
    paused: s.paused,
    state: s.state,
    ...(s.endReason ? { endReason: s.endReason } : {}),
    ...(s.lastTransId ? { lastTransId: s.lastTransId } : {}),
  };
}

export async function listSchedules(
  cx: ConsoleContext,
  p: Principal,
  query: Record<string, string | undefined>,
): Promise<ConsoleSchedulesAnswer> {
  const clientKey = merchantOf(p, query.client_key);
  const limit = z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 25).parse(query.limit ?? 25);
  const page = await cx.scheduleIndex.forMerchant(clientKey, { limit, cursor: query.cursor?.slice(0, 2000) });
  return { schedules: page.schedules.map(scheduleView), ...(page.cursor ? { cursor: page.cursor } : {}) };
}

/** Another merchant's schedule answers like an unknown one. */
async function loadSchedule(cx: ConsoleContext<Pick<Deps, 'schedules'>>, p: Principal, scheduleId: string): Promise<Schedule> {
  const s = scheduleId.length <= 64 ? await cx.d.schedules.get(scheduleId) : undefined;
  if (!s) throw new ConsoleNotFoundError('Schedule not found.');
  readMerchant(p, s.clientKey, 'Schedule not found.');
  return s;
}

export async function showSchedule(
  cx: ConsoleContext<Pick<Deps, 'schedules'>>,
  p: Principal,
  scheduleId: string,
): Promise<ConsoleScheduleAnswer> {
  const s = await loadSchedule(cx, p, scheduleId);
  const subscriptions = await cx.scheduleIndex.subscriptions(s.scheduleId, MAX_SUBSCRIPTIONS);
  return { schedule: scheduleView(s), subscriptions: subscriptions.map(subscriptionView) };
}

export async function actOnSchedule(
  cx: ConsoleContext<Pick<Deps, 'clock' | 'newId' | 'schedules'>>,
  p: Principal,
  scheduleId: string,
  action: string,
): Promise<ConsoleScheduleActionAnswer> {
  const detailType = SCHEDULE_ACTIONS[action];
  if (!detailType) throw new ConsoleNotFoundError('No such action.');
  const s = await loadSchedule(cx, p, scheduleId);
  changeMerchant(p, s.clientKey, 'Schedule not found.');
  const message = await audited(cx, p, `schedule.${action}`, { clientKey: s.clientKey, target: s.scheduleId }, (alongside) =>
    applied(() => applyOpsEvent(cx.d, detailType, { schedule_id: s.scheduleId }, { alongside }), 'schedule'),
  );
  return { message, ...(await showSchedule(cx, p, s.scheduleId)) };
}

const amountBody = z.object({ amount: z.string().check(z.maxLength(20)) });

export async function actOnSubscription(
  cx: ConsoleContext<Pick<Deps, 'clock' | 'newId' | 'schedules'>>,
  p: Principal,
  scheduleId: string,
  recurringToken: string,
  action: string,
  body: unknown,
): Promise<ConsoleSubscriptionActionAnswer> {
  const detailType = SUBSCRIPTION_ACTIONS[action];
  if (!detailType) throw new ConsoleNotFoundError('No such action.');
  const s = await loadSchedule(cx, p, scheduleId);
  const sub = recurringToken.length <= 64 ? await cx.d.schedules.getSubscription(s.scheduleId, recurringToken) : undefined;
  if (!sub || sub.clientKey !== s.clientKey) throw new ConsoleNotFoundError('Subscription not found.');
  changeMerchant(p, s.clientKey, 'Schedule not found.');
  let amount: string | undefined;
  if (action === 'amount') {
    const r = amountBody.safeParse(body);
    if (!r.success) throw ValidationError.field('amount', 'Give the new amount, e.g. "12.50".');
    amount = r.data.amount.trim();
  }
  const detail = { schedule_id: s.scheduleId, recurring_token: sub.recurringToken, ...(amount !== undefined ? { amount } : {}) };
  const about = {
    clientKey: s.clientKey,
    target: `${s.scheduleId}/${sub.recurringToken}`,
    details: action === 'amount' ? { from: formatAmount(money(sub.amount, sub.currency)), to: amount!, currency: sub.currency } : undefined,
  };
  const message = await audited(cx, p, `subscription.${action}`, about, (alongside) =>
    applied(() => applyOpsEvent(cx.d, detailType, detail, { alongside }), action === 'amount' ? 'amount' : 'subscription'),
  );
  const now = await cx.d.schedules.getSubscription(s.scheduleId, sub.recurringToken);
  return { message, subscription: subscriptionView(now ?? sub) };
}

/** The ops event's refusals (ended subscription, bad amount) are the caller's mistake: 400 with the reason. */
async function applied(apply: () => Promise<string>, field: string): Promise<string> {
  try {
    return await apply();
  } catch (err) {
    if (err instanceof OpsEventError) throw ValidationError.rule(field, err.message.replace(/^amount: /, ''));
    throw err;
  }
}
