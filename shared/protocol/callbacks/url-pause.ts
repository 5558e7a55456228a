/**
 * Protocol delivery rule (protocol.md §7): five timeouts from one notification URL within five minutes pause
 * deliveries to that URL for fifteen minutes, for every merchant using it; a successful delivery resets the count.
 * Pure state transitions; the DynamoDB adapter writes them with a version condition.
 */

export interface PausePolicy {
  timeouts: number;
  windowSeconds: number;
  pauseSeconds: number;
}

export interface UrlHealth {
  /** Timeouts (ISO times) inside the current window, oldest first. */
  timeoutsAt: string[];
  pausedUntil?: string;
}

export const HEALTHY: UrlHealth = { timeoutsAt: [] };

export function pausedForMs(h: UrlHealth, now: Date): number {
  return h.pausedUntil ? Math.max(0, Date.parse(h.pausedUntil) - now.getTime()) : 0;
}

export function afterTimeout(h: UrlHealth, now: Date, policy: PausePolicy): UrlHealth {
  const windowStart = now.getTime() - policy.windowSeconds * 1000;
  const recent = [...h.timeoutsAt.filter((t) => Date.parse(t) > windowStart), now.toISOString()];
  if (recent.length >= policy.timeouts) {
    // The pause starts now; the count starts again from zero once it is over.
    return { timeoutsAt: [], pausedUntil: new Date(now.getTime() + policy.pauseSeconds * 1000).toISOString() };
  }
  return { timeoutsAt: recent, ...(h.pausedUntil ? { pausedUntil: h.pausedUntil } : {}) };
}

/** A 2xx/OK answer: the count resets (an expired pause is dropped too). Undefined when nothing changes. */
export function afterSuccess(h: UrlHealth, now: Date): UrlHealth | undefined {
  const pauseOver = !h.pausedUntil || Date.parse(h.pausedUntil) <= now.getTime();
  if (h.timeoutsAt.length === 0 && (!h.pausedUntil || !pauseOver)) return undefined;
  return pauseOver ? { timeoutsAt: [] } : { timeoutsAt: [], pausedUntil: h.pausedUntil };
}
