/**
 * MID health (docs/routing.md "MID health"): a circuit breaker per MID. Connector failures — a timeout, an error, an
 * acquirer not reached; never a decline — are counted in a window; at the threshold the MID opens and routing skips
 * it for a cool-down; after it, the MID is half-open: one trial payment at a time is sent to it (the payment that
 * claims the trial, `trialAt`), an answer closes it and a failure opens it again; a trial older than
 * TRIAL_STALE_SECONDS no longer holds the MID. Pure: the stored state and the time in, the state out (the console
 * renders midHealthView).
 */

/** A MID's health as stored (the merchant's `MIDHEALTH#<mid_id>` item); absent: closed, no failures. */
export interface MidHealth {
  /** Failures counted in the current window. */
  failures: number;
  /** When the current window ends (ISO): a failure after it starts a new window at 1. */
  windowEndsAt?: string;
  /** Set while the MID is open or half-open: when it (last) opened (ISO). */
  openedAt?: string;
  /** When the cool-down ends and the MID turns half-open (ISO). */
  reopensAt?: string;
  /** Set while half-open: when the payment now on trial claimed the MID (ISO); removed by its close or reopening. */
  trialAt?: string;
  /** Bumped by every write: the newer of two copies of the state wins (per-container cache). */
  version: number;
}

/** Per merchant, in the routing table's `health` (rules.json); every field optional. */
export interface MidHealthPolicy {
  /** Failures within the window that open the MID. */
  failureThreshold: number;
  windowSeconds: number;
  /** How long an open MID is skipped before it is tried again (half-open). */
  cooldownSeconds: number;
}

export const DEFAULT_MID_HEALTH_POLICY: MidHealthPolicy = { failureThreshold: 5, windowSeconds: 60, cooldownSeconds: 60 };

/**
 * A trial claimed longer ago than this no longer holds a half-open MID: its payment has ended one way or another (the
 * connector's own timeout is 60 s), so a trial whose container died cannot keep the MID from traffic for ever.
 */
export const TRIAL_STALE_SECONDS = 90;

export type MidCircuitState = 'closed' | 'open' | 'half-open';

export interface MidHealthView {
  state: MidCircuitState;
  /** Failures in the current window (0 once the window has passed). */
  failures: number;
  openedAt?: string;
  reopensAt?: string;
  /** Half-open with a payment on trial: when it claimed the MID (a stale claim is not shown: the MID is free). */
  trialAt?: string;
}

export function midCircuitState(h: MidHealth | undefined, now: Date): MidCircuitState {
  if (!h?.openedAt) return 'closed';
  return h.reopensAt && Date.parse(h.reopensAt) <= now.getTime() ? 'half-open' : 'open';
}

/** What the console and `mids list` show of a MID's health at `now` (the merchant's clock on a sandbox). */
export function midHealthView(h: MidHealth | undefined, now: Date): MidHealthView {
  const state = midCircuitState(h, now);
  const inWindow = !!h?.windowEndsAt && Date.parse(h.windowEndsAt) > now.getTime();
  return {
    state,
    failures: h && inWindow ? h.failures : 0,
    ...(h?.openedAt ? { openedAt: h.openedAt } : {}),
    ...(h?.reopensAt ? { reopensAt: h.reopensAt } : {}),
    ...(state === 'half-open' && h?.trialAt && !trialFree(h, now) ? { trialAt: h.trialAt } : {}),
  };
}

/** Claims of a trial made at or before this time (ISO) are stale: another payment may claim the trial. */
export const trialStaleAt = (now: Date): string => new Date(now.getTime() - TRIAL_STALE_SECONDS * 1000).toISOString();

/** Half-open, and no payment holds its trial (none claimed it, or the claim is stale): a payment may claim it. */
export function trialFree(h: MidHealth | undefined, now: Date): boolean {
  return midCircuitState(h, now) === 'half-open' && (!h!.trialAt || h!.trialAt <= trialStaleAt(now));
}

/** Routing may send a payment to the MID: closed, or half-open with its trial free (the payment will claim it). */
export function midAvailable(h: MidHealth | undefined, now: Date): boolean {
  return midCircuitState(h, now) === 'closed' || trialFree(h, now);
}

/** A payment must claim the MID's trial (one conditional write) before it calls it: only a half-open MID. */
export const needsTrialClaim = (h: MidHealth | undefined, now: Date): boolean => midCircuitState(h, now) === 'half-open';

/**
 * After a claim of the trial was refused (`h` as the refusal returned it): may the payment call the MID anyway? Only if
 * it is closed by now (another payment's answer closed it); not while another trial holds it or it opened again.
 */
export const admitsAfterRefusedClaim = (h: MidHealth | undefined, now: Date): boolean => midCircuitState(h, now) === 'closed';

/**
 * After a failure was counted (`h` as the counting write returned it): does this failure open the MID? A closed MID
 * opens at the threshold; a half-open one opens again at its first failure; an open one stays as it is.
 */
export function opensAfterFailure(h: MidHealth, now: Date, policy: MidHealthPolicy): boolean {
  const state = midCircuitState(h, now);
  if (state === 'half-open') return true;
  return state === 'closed' && h.failures >= policy.failureThreshold;
}

/** An answer from a MID that routing saw open or half-open closes it; a closed MID's answer changes nothing (no write). */
export function closesAfterAnswer(seen: MidHealth | undefined): boolean {
  return !!seen?.openedAt;
}

/** The newer of two copies of a MID's health (the cached configuration's, and one this container wrote since). */
export function newerHealth(a: MidHealth | undefined, b: MidHealth | undefined): MidHealth | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.version > a.version ? b : a;
}

export const plusSeconds = (now: Date, seconds: number): string => new Date(now.getTime() + seconds * 1000).toISOString();
