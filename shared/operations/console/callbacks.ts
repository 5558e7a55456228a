/**
 * The callback delivery log of a merchant (newest first), its failed callbacks (the DLQ view), and replays, through
 * the admin operations the CLI uses (operations/callbacks/replay.ts): one callback of a payment, or every failed one
 * of the merchant (recorded FAILED, or left in the dead-letter queue).
 */
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import { replayCallback, replayFailed } from '../callbacks/replay.js';
import type {
  ConsoleCallbacksAnswer,
  ConsoleCallbacksFailedAnswer,
  ConsoleCallbacksReplayFailedAnswer,
  ConsoleReplayed,
} from '../../protocol/console/answers.js';
import type { Deps } from '../deps.js';
import type { WithCallbacks } from '../callbacks/context.js';
import type { ConsoleContext } from './console-deps.js';
import { audit, audited } from './audit.js';
import { loadPayment } from './payments.js';
import { changeMerchant, merchantOf, type Principal } from './roles.js';

export async function deliveryLog(
  cx: ConsoleContext<WithCallbacks>,
  p: Principal,
  query: Record<string, string | undefined>,
): Promise<ConsoleCallbacksAnswer> {
  const clientKey = merchantOf(p, query.client_key);
  const limit = z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100).parse(query.limit ?? 100);
  const attempts = await cx.callbacks().log.forMerchant(clientKey, limit);
  return { attempts };
}

const MAX_FAILED_SHOWN = 500;

/** Callbacks that gave up (retries spent, blocked behind a failed predecessor, URL paused), oldest payments first. */
export async function failedCallbacks(
  cx: ConsoleContext<WithCallbacks>,
  p: Principal,
  query: Record<string, string | undefined>,
): Promise<ConsoleCallbacksFailedAnswer> {
  const clientKey = merchantOf(p, query.client_key);
  const failed = await cx.callbacks().outbox.failedFor(clientKey, MAX_FAILED_SHOWN);
  return {
    callbacks: failed.map((c) => ({
      transId: c.transId,
      seq: c.seq,
      eventId: c.eventId,
      action: String(c.fields.action ?? c.fields.type ?? ''),
      status: c.fields.status === undefined ? undefined : String(c.fields.status),
      url: c.url,
      attempts: c.attempts,
      ...(c.failedAt ? { failedAt: c.failedAt } : {}),
      ...(c.failReason ? { failReason: c.failReason } : {}),
      ...(c.lastAttempt ? { lastAttempt: { at: c.lastAttempt.at, httpStatus: c.lastAttempt.httpStatus, error: c.lastAttempt.error } } : {}),
      ...(c.replays ? { replays: c.replays } : {}),
    })),
  };
}

export async function replayOne(
  cx: ConsoleContext<Pick<Deps, 'payments' | 'newId'> & WithCallbacks>,
  p: Principal,
  transId: string,
  body: unknown,
): Promise<ConsoleReplayed> {
  const r = z
    .object({ callback: z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.number().check(z.int())]) })
    .safeParse(body);
  if (!r.success) throw ValidationError.field('callback', 'Name the callback by its seq or event id.');
  const payment = await loadPayment(cx, p, transId);
  changeMerchant(p, payment.clientKey, 'Payment not found.');
  // With the callback's reopening; the queue send follows.
  return audited(
    cx,
    p,
    'callback.replay',
    { clientKey: payment.clientKey, target: transId, details: { callback: String(r.data.callback) } },
    (alongside) => replayCallback(cx.callbacks(), transId, String(r.data.callback), { alongside }),
  );
}

export async function replayAllFailed(
  cx: ConsoleContext<Pick<Deps, 'newId'> & WithCallbacks>,
  p: Principal,
  body: unknown,
): Promise<ConsoleCallbacksReplayFailedAnswer> {
  const named =
    typeof body === 'object' && body && 'client_key' in body && typeof body.client_key === 'string' ? body.client_key : undefined;
  const clientKey = merchantOf(p, named);
  changeMerchant(p, clientKey);
  const result = await replayFailed(cx.callbacks(), clientKey);
  await audit(cx, p, 'callback.replay-failed', { clientKey, target: clientKey, details: { replayed: result.replayed.length } });
  return result;
}
