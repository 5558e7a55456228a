/**
 * The system resolver with a short memory. A callback POST vets every address its host resolves to (public-url.ts)
 * and connects to one of them on a kept-alive connection (pinned-post.ts); without a cache each callback to a busy
 * merchant also paid a getaddrinfo on libuv's thread pool, and on Lambda a round trip to the VPC resolver, before
 * reusing a connection it already had.
 *
 * What is kept is the resolver's answer, not a verdict: every use still vets each address, so the cache cannot let
 * a private address through, and while an answer is kept a DNS change (rebinding included) cannot move a merchant's
 * callbacks. node's lookup gives no TTL, so answers are kept for a fixed 10 s, below the TTLs merchants fail over
 * with. Failures are not kept (the next callback asks again); lookups of one name in flight share one answer.
 */
import type { Resolver } from './public-url.js';

const KEEP_MS = 10_000;
const MAX_NAMES = 1024;

export function cachingResolver(resolve: Resolver, opts: { keepMs?: number; maxNames?: number; now?: () => number } = {}): Resolver {
  const keepMs = opts.keepMs ?? KEEP_MS;
  const maxNames = opts.maxNames ?? MAX_NAMES;
  const now = opts.now ?? Date.now;
  const kept = new Map<string, { until: number; answer: ReturnType<Resolver> }>();
  return (hostname) => {
    const name = hostname.toLowerCase();
    const entry = kept.get(name);
    if (entry && entry.until > now()) return entry.answer;
    if (entry) kept.delete(name);
    const answer = resolve(name);
    // Kept from the moment it is asked, so concurrent callbacks share it; dropped if it fails.
    kept.set(name, { until: now() + keepMs, answer });
    answer.catch(() => {
      if (kept.get(name)?.answer === answer) kept.delete(name);
    });
    if (kept.size > maxNames) kept.delete(kept.keys().next().value!);
    return answer;
  };
}
