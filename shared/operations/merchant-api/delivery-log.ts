/**
 * GET /api/v1/merchant/callbacks: the merchant's own delivery log, newest first (by latest attempt). One entry per
 * callback: what it reported (type, status), where it is (delivery, attempts) and the last answer of the merchant's
 * endpoint. Never the signed fields: they carry the masked card and the protocol hash, and a log has no need of them.
 */
import type { StoredCallback } from '../../domain/callback.js';
import type { MerchantCallbacksContext } from './context.js';
import { instantParam, intParam, type Query, type QueryParams } from './query.js';
import type { DeliveryLogAnswer, DeliveryLogEntry } from '../../protocol/merchant-api/answers.js';

export type { DeliveryLogEntry };

export const DELIVERY_LOG_QUERY = {
  since: { kind: 'instant', about: 'Only callbacks whose latest attempt is at or after this instant (ISO 8601).' },
  limit: { kind: 'int', min: 1, max: 100, default: 50 },
} as const satisfies QueryParams;

export async function merchantDeliveryLog(ctx: MerchantCallbacksContext, clientKey: string, query: Query): Promise<DeliveryLogAnswer> {
  const limit = intParam(query, 'limit', DELIVERY_LOG_QUERY.limit);
  const since = instantParam(query, 'since');
  const listed = await ctx.feed.newest(clientKey, { since, limit });
  return { callbacks: listed.map(({ callback, attempts }) => logEntry(callback, attempts.at(-1))) };
}

function logEntry(
  c: StoredCallback,
  last: { at: string; httpStatus?: number; error?: string; latencyMs: number } | undefined,
): DeliveryLogEntry {
  return {
    event_id: c.eventId,
    trans_id: c.transId,
    seq: c.seq,
    ...describe(c),
    url: c.url,
    delivery: c.delivery,
    attempts: c.attempts,
    last_answer: last ? { at: last.at, http_status: last.httpStatus ?? null, error: last.error ?? null, latency_ms: last.latencyMs } : null,
    created_at: c.createdAt,
    next_attempt_at: c.delivery === 'PENDING' ? (c.nextAttemptAt ?? null) : null,
    delivered_at: c.deliveredAt ?? null,
    failed_at: c.failedAt ?? null,
  };
}

/** The callback's kind and outcome as its protocol names them (S2S `action`/`status`, Checkout `type`/`status`). */
export function describe(c: StoredCallback): { type: string | null; status: string | null } {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return { type: text(c.fields.action) ?? text(c.fields.type), status: text(c.fields.status) };
}
