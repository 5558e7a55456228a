/**
 * `npm run admin -- callbacks listen --merchant KEY --forward-to http://localhost:4242/webhooks [--url STAGE_URL]`,
 * like `stripe listen`: follows the merchant's callback feed (GET /api/v1/merchant/callbacks/next, a long poll signed
 * with the merchant's own password: docs/merchant-api.md) and forwards each new callback to a URL on the developer's
 * machine exactly as the feed hands it out — the platform's form body and headers, X-Callback-Signature included,
 * unchanged — printing one line per delivery attempt with the platform's result and the forward's.
 */
import type { CallbackEvent } from '../../shared/operations/merchant-api/next-callbacks.js';
import { merchantApi, MerchantApiError, type MerchantCredentials } from './merchant-client.js';
import type { Progress } from './progress.js';

export interface ListenOptions {
  forwardTo: string;
  /** One line per event (stdout in the CLI). */
  print: Progress;
  signal: AbortSignal;
  /** The long poll's wait per request (seconds). */
  waitSeconds?: number;
  forwardTimeoutMs?: number;
}

type Page = { events: CallbackEvent[]; cursor: string };
const FEED = '/api/v1/merchant/callbacks/next';
/** Events repeat for a minute after they were first handed out (the feed's overlap): remembered a while longer. */
const REMEMBER = 5000;

export async function listen(creds: MerchantCredentials, opts: ListenOptions): Promise<{ forwarded: number; attempts: number }> {
  const target = forwardUrl(opts.forwardTo);
  // Like stripe listen: what was delivered before we started is history (see `callbacks log`), not forwarded.
  let { cursor } = await merchantApi<Page>(creds, 'GET', FEED);
  const seen = new Set<string>();
  const forwardedEvents = new Set<string>();
  let attempts = 0;
  opts.print(`Ready! Forwarding callbacks of merchant ${creds.clientKey} to ${target} (Ctrl-C to stop)`);
  while (!opts.signal.aborted) {
    let page: Page;
    try {
      page = await merchantApi<Page>(creds, 'GET', `${FEED}?after=${encodeURIComponent(cursor)}&wait=${opts.waitSeconds ?? 10}`, '', {
        signal: opts.signal,
      });
    } catch (err) {
      if (opts.signal.aborted) break;
      // Wrong credentials do not get better by retrying; a network hiccup or a 5xx does.
      if (err instanceof MerchantApiError && err.status < 500) throw err;
      opts.print(`(the platform did not answer: ${(err as Error).message}; trying again)`);
      await sleep(1000, opts.signal);
      continue;
    }
    cursor = page.cursor;
    for (const e of page.events) {
      const id = `${e.event_id}#${e.attempt}`;
      if (seen.has(id)) continue;
      remember(seen, id);
      attempts++;
      const first = !forwardedEvents.has(e.event_id);
      remember(forwardedEvents, e.event_id);
      // A retry of an event already forwarded is only reported: the developer's endpoint saw it once, as a merchant
      // deduplicating on X-Callback-Event-Id would.
      const forwarded = first ? await forward(e, target, opts.forwardTimeoutMs ?? 10_000) : 'retry, not forwarded again';
      opts.print(line(e, forwarded));
    }
  }
  return { forwarded: forwardedEvents.size, attempts };
}

function remember(set: Set<string>, id: string): void {
  set.add(id);
  // Insertion order: the oldest go first.
  if (set.size > REMEMBER) set.delete(set.values().next().value!);
}

async function forward(e: CallbackEvent, target: string, timeoutMs: number): Promise<string> {
  const started = performance.now();
  try {
    const res = await fetch(target, {
      method: 'POST',
      headers: e.request.headers,
      body: e.request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return `[${res.status}] ${Math.round(performance.now() - started)} ms`;
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    if (cause === 'ECONNREFUSED') return `[ERR] connection refused: is your server listening on ${target}?`;
    if ((err as Error).name === 'TimeoutError') return `[ERR] no answer within ${timeoutMs / 1000} s`;
    return `[ERR] ${(err as Error).message}`;
  }
}

function line(e: CallbackEvent, forwarded: string): string {
  const status = e.status ? ` ${e.status}` : '';
  const platform = e.outcome === 'DELIVERED' ? `DELIVERED ${e.http_status ?? ''}`.trim() : `FAILED ${e.error ?? ''}`.trim();
  return `${e.at.slice(0, 19).replace('T', ' ')}  --> ${e.type ?? '?'}${status} trans_id=${e.trans_id} seq=${e.seq} attempt=${e.attempt} [${e.event_id}]  platform: ${platform}  forward: ${forwarded}`;
}

export function forwardUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--forward-to ${value} is not a URL. Example: --forward-to http://localhost:4242/webhooks`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--forward-to ${value} is not an http(s) URL. Example: --forward-to http://localhost:4242/webhooks`);
  return url.href;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
