/**
 * The recurring-charge consumer: charges run n of a subscription once, then moves the subscription to its next run.
 *   - a message for a run already moved past (duplicate, or an operator's change) does nothing;
 *   - a deleted schedule, a vanished merchant or an initial pair that no longer resolves ends the subscription;
 *   - a paused schedule or subscription skips the run (no charge, not counted);
 *   - otherwise an idempotency key on (schedule, token, run) guards the charge: claimed with the payment's
 *     reservation, completed with its outcome and callback, so a redelivered message finds the payment instead of
 *     charging again;
 *   - payments_count charges (approved or declined) end the subscription.
 */
import type { PaymentDetails } from '../../domain/payment.js';
import type { Deps } from '../deps.js';
import { ConflictError, NotFoundError, PlatformError } from '../../domain/errors.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import { dateOf, dueAt, followingRun, type Schedule, type Subscription } from '../../domain/schedule.js';
import type { RecurringChargeMessage } from '../../ports/schedules.js';
import { IdempotencyClaimedError } from '../../ports/payment-store.js';
import { recurringCharge, resolveRecurringPair, selectMid, type CallbackRecorder } from '../payment/index.js';
import { s2sRecorder } from '../s2s-card/pipeline.js';
import { checkoutCallbacks } from '../checkout/callbacks.js';
import { updateSubscription } from './subscription-update.js';
import { logger } from '../../lib/logger.js';
import { onMerchantClock } from '../clock/merchant-clocks.js';
import { ruledScreen } from '../risk/screened-charge.js';

export type RunOutcome = 'charged' | 'skipped' | 'ended' | 'stale';

const RUN_CLAIM_TTL_SECONDS = 7 * 24 * 3600;

export function runKey(m: RecurringChargeMessage): string {
  return `SCHEDULE_RUN#${m.scheduleId}#${m.recurringToken}#${m.run}`;
}

export async function chargeRun(
  stage: Pick<
    Deps,
    'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'cardVault' | 'schedules' | 'connectors' | 'risk' | 'config'
  >,
  m: RecurringChargeMessage,
): Promise<RunOutcome> {
  const sub = await stage.schedules.getSubscription(m.scheduleId, m.recurringToken);
  if (!sub || sub.state !== 'active' || sub.nextRun !== m.run) return 'stale';
  // The run, its payment and its callback read the subscription's merchant's time (its test clock in a sandbox).
  const d = await onMerchantClock(stage, sub.clientKey);
  // An operator moved this run to a later date while its message was queued: the runner queues it again then.
  if (sub.nextRunAt > d.clock.now().toISOString()) return 'stale';
  const log = { clientKey: sub.clientKey, scheduleId: sub.scheduleId, run: m.run };
  const schedule = await d.schedules.get(sub.scheduleId, sub.clientKey);
  if (!schedule) return end(d, m, 'schedule deleted');
  if (sub.chargesMade >= schedule.paymentsCount) return end(d, m, 'payments_count reached');
  if (schedule.paused || sub.paused) {
    await advance(d, m, schedule, { skipUntil: dateOf(d.clock.now()) });
    logger.info('scheduled run skipped (paused)', log);
    return 'skipped';
  }
  const config = await d.merchants.get(sub.clientKey);
  if (!config) return end(d, m, 'merchant not found');

  const key = runKey(m);
  let transId: string;
  try {
    transId = await charge(d, sub, config, key);
  } catch (err) {
    if (err instanceof IdempotencyClaimedError) {
      // Another delivery of this run is charging right now: SQS brings the message back later.
      if (err.claim.state === 'in-progress') throw new Error('scheduled run in progress elsewhere', { cause: err });
      transId = (JSON.parse(err.claim.result.body) as { trans_id: string }).trans_id;
    } else if (err instanceof NotFoundError) {
      return end(d, m, 'recurring pair not found');
    } else if (err instanceof PlatformError && err.httpStatus < 500 && !(err instanceof ConflictError)) {
      // A rule refuses the charge before anything is written (e.g. no MID can take it now): this run is lost.
      logger.warn('scheduled run refused', { ...log, error: err.message });
      await advance(d, m, schedule, {});
      return 'skipped';
    } else throw err;
  }
  await advance(d, m, schedule, { transId });
  logger.info('scheduled run charged', { ...log, transId });
  return 'charged';
}

async function charge(
  d: Pick<Deps, 'payments' | 'callbackQueue' | 'clock' | 'newId' | 'cardVault' | 'connectors' | 'risk' | 'config'>,
  sub: Subscription,
  config: MerchantConfig,
  key: string,
): Promise<string> {
  const { initial, card } = await resolveRecurringPair(d, sub.clientKey, sub.initialTransId, sub.recurringToken);
  const mid = selectMid(config.mids, { authorize: false, zeroAmount: sub.amount === 0 });
  const callbacks: CallbackRecorder =
    initial.protocol === 'checkout' ? checkoutCallbacks(d, config.merchant) : s2sRecorder({ config, deps: d });
  const { payment } = await recurringCharge(
    d,
    {
      protocol: initial.protocol,
      // A chain a DEBIT started is charged with RECURRING_DEBIT (its callbacks and RETRY say so).
      action: sub.action ?? 'RECURRING_SALE',
      initial,
      card,
      mid,
      orderId: sub.orderId,
      orderDescription: sub.orderDescription,
      amount: sub.amount,
      authorize: false,
      details: {
        ...pick(initial.details, ['payer', 'customerName', 'customerIp']),
        scheduleId: sub.scheduleId,
        scheduledRun: sub.nextRun,
      },
    },
    {
      callbacks,
      // The run's key is claimed with the payment's reservation and completed with its outcome: one charge per run.
      idempotency: {
        key,
        claimTtlSeconds: RUN_CLAIM_TTL_SECONDS,
        result: (p) => ({ statusCode: 200, body: JSON.stringify({ trans_id: p.transId, status: p.status }) }),
      },
    },
    ruledScreen(d),
  );
  return payment.transId;
}

/** Moves the subscription past run m.run (if nobody did yet); counts the charge; ends it after payments_count. */
async function advance(
  d: Pick<Deps, 'clock' | 'schedules'>,
  m: RecurringChargeMessage,
  schedule: Schedule,
  opts: { transId?: string; skipUntil?: string },
): Promise<void> {
  await updateSubscription(d, m.scheduleId, m.recurringToken, (s) => {
    if (s.state !== 'active' || s.nextRun !== m.run) return undefined;
    const next = followingRun(schedule, s, m.run, opts.skipUntil);
    s.nextRun = next.run;
    s.nextRunAt = dueAt(next.date);
    if (opts.transId) {
      s.chargesMade += 1;
      s.lastTransId = opts.transId;
    }
    if (s.chargesMade >= schedule.paymentsCount) {
      s.state = 'ended';
      s.endReason = 'payments_count reached';
    }
    return s;
  });
}

async function end(d: Pick<Deps, 'clock' | 'schedules'>, m: RecurringChargeMessage, reason: string): Promise<RunOutcome> {
  await updateSubscription(d, m.scheduleId, m.recurringToken, (s) =>
    s.state === 'ended' ? undefined : { ...s, state: 'ended', endReason: reason },
  );
  logger.info('subscription ended', { scheduleId: m.scheduleId, reason });
  return 'ended';
}

function pick<K extends keyof PaymentDetails>(o: PaymentDetails, names: K[]): Pick<PaymentDetails, K> {
  return Object.fromEntries(names.filter((n) => o[n] !== undefined).map((n) => [n, o[n]])) as Pick<PaymentDetails, K>;
}
