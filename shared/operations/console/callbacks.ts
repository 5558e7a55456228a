/**
 * The callback delivery log of a merchant (newest first) and replays, through the admin operations the CLI uses
 * (operations/callbacks/replay.ts): one callback of a payment, or every failed one of the merchant.
 */
import * as z from '../../zod-mini.js';
import { ValidationError } from '../../errors.js';
import { replayCallback, replayFailed } from '../callbacks/replay.js';
import type { ConsoleContext } from './console-deps.js';
import { audit } from './audit.js';
import { loadPayment } from './payments.js';
import { changeMerchant, merchantOf, type Principal } from './roles.js';

export async function deliveryLog(cx: ConsoleContext, p: Principal, query: Record<string, string | undefined>) {
  const clientKey = merchantOf(p, query.client_key);
  const limit = z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100).parse(query.limit ?? 100);
  const attempts = await cx.callbacks().log.forMerchant(clientKey, limit);
  return { attempts };
}

export async function replayOne(cx: ConsoleContext, p: Principal, transId: string, body: unknown) {
  const r = z.object({ callback: z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.number().check(z.int())]) }).safeParse(body);
  if (!r.success) throw ValidationError.field('callback', 'Name the callback by its seq or event id.');
  const payment = await loadPayment(cx, p, transId);
  changeMerchant(p, payment.clientKey, 'Payment not found.');
  const replayed = await replayCallback(cx.callbacks(), transId, String(r.data.callback));
  await audit(cx, p, 'callback.replay', { clientKey: payment.clientKey, target: transId, details: { seq: replayed.seq, eventId: replayed.eventId, was: replayed.was } });
  return replayed;
}

export async function replayAllFailed(cx: ConsoleContext, p: Principal, clientKey: string) {
  changeMerchant(p, clientKey);
  const result = await replayFailed(cx.callbacks(), clientKey);
  await audit(cx, p, 'callback.replay-failed', { clientKey, target: clientKey, details: { replayed: result.replayed.length } });
  return result;
}
