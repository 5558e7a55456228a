/**
 * `npm run admin -- callbacks listen --merchant KEY --forward-to http://localhost:4242/webhooks`, like
 * `stripe listen`: follows the merchant's delivery log and forwards each new callback, as the platform sends it
 * (same body, same headers, built by the same function), to a URL on the developer's machine, printing one line per
 * delivery attempt with the platform's result and the forward's. Adapters only (delivery log, outbox, signing
 * secrets), so `--stage NAME` follows a deployed stage with that stage's AWS credentials.
 *
 * The signature is computed when forwarding, with the merchant's secrets and the real time, as the platform does on
 * every attempt: a local verifier with the usual tolerance accepts it.
 */
import type { CallbackContext } from '../../shared/operations/callbacks/context.js';
import { callbackRequest } from '../../shared/operations/callbacks/callback-request.js';
import type { DeliveryAttempt, StoredCallback } from '../../shared/domain/callback.js';
import type { Progress } from './progress.js';

export interface ListenOptions {
  clientKey: string;
  forwardTo: string;
  /** One line per event (stdout in the CLI). */
  print: Progress;
  signal: AbortSignal;
  pollMs?: number;
  forwardTimeoutMs?: number;
}

const PAGE = 100;

export async function listen(ctx: CallbackContext, merchantExists: boolean, opts: ListenOptions): Promise<{ forwarded: number; attempts: number }> {
  if (!merchantExists) throw new Error(`No merchant with client key ${opts.clientKey}. See them with: npm run admin -- merchants list`);
  const target = forwardUrl(opts.forwardTo);
  const key = (a: DeliveryAttempt) => `${a.eventId}#${a.attempt}`;
  // Like stripe listen: what was delivered before we started is history (see `callbacks log`), not forwarded.
  const seen = new Set((await ctx.log.forMerchant(opts.clientKey, PAGE)).map(key));
  const forwardedEvents = new Set<string>();
  let attempts = 0;
  opts.print(`Ready! Forwarding callbacks of merchant ${opts.clientKey} to ${target} (Ctrl-C to stop)`);
  while (!opts.signal.aborted) {
    // Newest first from the index; handled oldest first so lines read in order.
    const fresh = (await ctx.log.forMerchant(opts.clientKey, PAGE)).filter((a) => !seen.has(key(a))).reverse();
    for (const a of fresh) {
      seen.add(key(a));
      attempts++;
      const cb = await callbackOf(ctx, a);
      const first = !forwardedEvents.has(a.eventId);
      forwardedEvents.add(a.eventId);
      // A retry of an event already forwarded is only reported: the developer's endpoint saw it once, as a merchant
      // deduplicating on X-Callback-Event-Id would.
      const forwarded = first && cb ? await forward(ctx, cb, target, opts.forwardTimeoutMs ?? 10_000) : first ? 'not forwarded: callback item not found' : 'retry, not forwarded again';
      opts.print(line(a, cb, forwarded));
    }
    await sleep(opts.pollMs ?? 1000, opts.signal);
  }
  return { forwarded: forwardedEvents.size, attempts };
}

async function callbackOf(ctx: CallbackContext, a: DeliveryAttempt): Promise<StoredCallback | undefined> {
  return (await ctx.outbox.getBySeq(a.transId, a.seq)) ?? (await ctx.outbox.forPayment(a.transId)).find((c) => c.eventId === a.eventId);
}

async function forward(ctx: CallbackContext, cb: StoredCallback, target: string, timeoutMs: number): Promise<string> {
  const secrets = await ctx.secrets.signingKeys(cb.clientKey, ctx.clock.now());
  const { body, headers } = callbackRequest({ fields: cb.fields, eventId: cb.eventId, secrets, now: new Date() });
  const started = performance.now();
  try {
    const res = await fetch(target, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return `[${res.status}] ${Math.round(performance.now() - started)} ms`;
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    if (cause === 'ECONNREFUSED') return `[ERR] connection refused: is your server listening on ${target}?`;
    if ((err as Error).name === 'TimeoutError') return `[ERR] no answer within ${timeoutMs / 1000} s`;
    return `[ERR] ${(err as Error).message}`;
  }
}

function line(a: DeliveryAttempt, cb: StoredCallback | undefined, forwarded: string): string {
  const action = cb ? String(cb.fields.action ?? cb.fields.type ?? '?') : '?';
  const status = cb?.fields.status ? ` ${String(cb.fields.status)}` : '';
  const platform = a.outcome === 'DELIVERED' ? `DELIVERED ${a.httpStatus ?? ''}`.trim() : `FAILED ${a.error ?? ''}`.trim();
  return `${a.at.slice(0, 19).replace('T', ' ')}  --> ${action}${status} trans_id=${a.transId} seq=${a.seq} attempt=${a.attempt} [${a.eventId}]  platform: ${platform}  forward: ${forwarded}`;
}

function forwardUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--forward-to ${value} is not a URL. Example: --forward-to http://localhost:4242/webhooks`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--forward-to ${value} is not an http(s) URL. Example: --forward-to http://localhost:4242/webhooks`);
  return url.href;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
