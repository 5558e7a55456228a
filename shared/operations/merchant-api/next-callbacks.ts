/**
 * GET /api/v1/merchant/callbacks/next: the merchant's callback feed, one event per delivery attempt, oldest first,
 * each with the request that attempt POSTed: form body, content type, X-Callback-Event-Id and the X-Callback-Signature
 * it was sent with (its own timestamp; never signed again, so the feed cannot mint fresh signatures for old
 * callbacks) — what `callbacks listen` forwards. An attempt logged before signatures were kept has none.
 *
 * The cursor is a position in the delivery-log index (the time of a callback's latest attempt). An attempt is
 * written to the log after its POST, so one that started earlier than an attempt already read can land after it:
 * each read also returns the last OVERLAP_MS before the cursor again. Events can therefore repeat across reads;
 * clients drop the ones they saw by `event_id` + `attempt` (as they drop duplicate callbacks by event id anyway).
 * Without `after`, the feed starts at the newest callback: what came before is history (the delivery log).
 * `wait` makes it a long poll: it answers as soon as something after the cursor is logged, or when `wait` ends.
 */
import { parseJson } from '@open-payments/protocol';
import { callbackBody, callbackHeaders } from '../callbacks/callback-request.js';
import type { ListedCallback } from '../../ports/merchant-callbacks.js';
import { ValidationError } from '../../domain/errors.js';
import type { MerchantCallbacksContext } from './context.js';
import { describe } from './delivery-log.js';
import { intParam, type Query, type QueryParams } from './query.js';
import type { CallbackEvent, CallbacksNextAnswer } from '../../protocol/merchant-api/answers.js';

export type { CallbackEvent };

/** More than a delivery's lease (2 × the POST timeout + 2 s): the longest an attempt can take to reach the log. */
export const OVERLAP_MS = 60_000;
/** The overlap re-read is capped: at more callbacks than this a minute, a stream of events is not what to read. */
const WINDOW_LIMIT = 500;
export const MAX_WAIT_SECONDS = 20;

export const NEXT_CALLBACKS_QUERY = {
  after: { kind: 'text', about: 'The cursor of the previous answer; without it the feed starts now.' },
  wait: {
    kind: 'int',
    min: 0,
    max: MAX_WAIT_SECONDS,
    default: 0,
    about: `Seconds to wait for something new (0..${MAX_WAIT_SECONDS}, default 0).`,
  },
  limit: { kind: 'int', min: 1, max: 100, default: 100 },
} as const satisfies QueryParams;
/**
 * A merchant's long polls that wait at once. Each waiting request holds one of the route's reserved executions; a
 * merchant's further polls answer at once, as with wait=0 (what `callbacks listen` needs is one).
 */
export const MAX_WAITING_POLLS = 2;

/** `k`: the newest position handed out; `f`: the floor, reads return what is after it (f ≤ k). */
interface Cursor {
  k: string;
  f: string;
}

export async function nextCallbacks(ctx: MerchantCallbacksContext, clientKey: string, query: Query): Promise<CallbacksNextAnswer> {
  const wait = intParam(query, 'wait', NEXT_CALLBACKS_QUERY.wait);
  const limit = intParam(query, 'limit', NEXT_CALLBACKS_QUERY.limit);
  const cursor = query.after ? parseCursor(query.after) : await start(ctx, clientKey);
  // The overlap is read once per request, when answering: what landed in it while the poll waited is in that read.
  const overlap = () => (cursor.f < cursor.k ? ctx.feed.after(clientKey, cursor.f, WINDOW_LIMIT, cursor.k) : Promise.resolve([]));
  const [fresh, window] =
    wait > 0
      ? [await waitForFresh(ctx, clientKey, cursor, limit, wait), await overlap()]
      : await Promise.all([ctx.feed.after(clientKey, cursor.k, limit), overlap()]);
  return answer(cursor, [...window, ...fresh]);
}

/** What is after the cursor, waiting up to `wait` seconds for it in one of the merchant's slots (none free: no wait). */
async function waitForFresh(
  ctx: MerchantCallbacksContext,
  clientKey: string,
  cursor: Cursor,
  limit: number,
  wait: number,
): Promise<ListedCallback[]> {
  const deadline = ctx.realNow().getTime() + wait * 1000;
  // A crashed request's slot frees itself a little after its wait would have ended.
  const until = new Date(deadline + 5000).toISOString();
  const slot = await ctx.waiting.claim(clientKey, until, ctx.realNow().toISOString());
  try {
    for (;;) {
      const fresh = await ctx.feed.after(clientKey, cursor.k, limit);
      const remaining = deadline - ctx.realNow().getTime();
      if (fresh.length || remaining <= 0 || slot === undefined) return fresh;
      await new Promise((r) => setTimeout(r, Math.min(ctx.pollMs, remaining)));
    }
  } finally {
    if (slot !== undefined) await ctx.waiting.release(clientKey, slot, until);
  }
}

async function start(ctx: MerchantCallbacksContext, clientKey: string): Promise<Cursor> {
  const [newest] = await ctx.feed.newest(clientKey, { limit: 1 });
  const k = newest?.key ?? '';
  return { k, f: k };
}

function answer(cursor: Cursor, listed: ListedCallback[]): CallbacksNextAnswer {
  const seen = new Set<string>();
  const events: (CallbackEvent & { position: string })[] = [];
  let k = cursor.k;
  for (const { key, callback, attempts } of listed) {
    if (key > k) k = key;
    const body = callbackBody(callback.fields);
    for (const a of attempts) {
      const position = `${a.at}#${a.transId}#${String(a.seq).padStart(6, '0')}`;
      const id = `${a.eventId}#${a.attempt}`;
      if (position <= cursor.f || seen.has(id)) continue;
      seen.add(id);
      events.push({
        position,
        event_id: a.eventId,
        trans_id: a.transId,
        seq: a.seq,
        attempt: a.attempt,
        at: a.at,
        outcome: a.outcome,
        http_status: a.httpStatus ?? null,
        error: a.error ?? null,
        latency_ms: a.latencyMs,
        ...describe(callback),
        request: { url: callback.url, headers: callbackHeaders(callback.eventId, a.signature), body },
      });
    }
  }
  events.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.attempt - b.attempt));
  const floor = k ? new Date(positionTime(k)! - OVERLAP_MS).toISOString() : '';
  const next: Cursor = { k, f: floor > cursor.f ? floor : cursor.f };
  return { events: events.map(({ position: _p, ...e }) => e), cursor: Buffer.from(JSON.stringify(next)).toString('base64url') };
}

function parseCursor(raw: string): Cursor {
  let parsed: unknown;
  try {
    parsed = raw.length <= 400 ? parseJson(Buffer.from(raw, 'base64url').toString('utf8')) : undefined;
  } catch {
    parsed = undefined;
  }
  const c = parsed as Partial<Cursor> | undefined;
  if (!c || typeof c.k !== 'string' || typeof c.f !== 'string' || c.f > c.k || (c.k !== '' && !positionTime(c.k)))
    throw ValidationError.notCorrect('after');
  // A cursor the feed handed out never has its floor more than OVERLAP_MS before its position; one edited to reach
  // further back would re-read up to WINDOW_LIMIT callbacks for nothing, so the floor is raised to what it can be.
  return { k: c.k, f: c.k === '' ? '' : maxString(c.f, new Date(positionTime(c.k)! - OVERLAP_MS).toISOString()) };
}

const maxString = (a: string, b: string) => (a > b ? a : b);

/** The time of a position ("<ISO instant>#<trans_id>#<seq>"), or undefined when it is not one. */
function positionTime(position: string): number | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}T[^#]+)#/.exec(position);
  const t = m ? Date.parse(m[1]!) : NaN;
  return Number.isNaN(t) ? undefined : t;
}
