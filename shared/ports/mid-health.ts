/**
 * Where a MID's health (shared/domain/mid-health.ts) is written: only when a connector fails, when a payment claims
 * a half-open MID's trial, or when a MID that was open answers again. Reading needs no call of its own: the merchant's configuration (MerchantDirectory.get) carries
 * it, from the same Query that loads the MIDs.
 */
import type { MidHealth, MidHealthPolicy } from '../domain/mid-health.js';

export interface MidFailureRecorded {
  /** The MID's health after this failure. */
  health: MidHealth;
  /** This failure opened the MID (or opened a half-open one again); exactly one of concurrent failures does. */
  opened: boolean;
}

export interface MidTrialClaim {
  /** This payment holds the trial: it alone is sent to the half-open MID. */
  claimed: boolean;
  /** The MID's health after the claim, or as the refusal found it (absent: no item). */
  health?: MidHealth;
}

export interface MidHealthStore {
  /** Counts one failure (an atomic update: concurrent failures count once each) and opens the MID when it should. */
  recordMidFailure(clientKey: string, midId: string, now: Date, policy: MidHealthPolicy): Promise<MidFailureRecorded>;
  /**
   * Closes the MID if it is still open since `openedAt` (the state routing saw); false when another request closed
   * or reopened it first.
   */
  closeMidCircuit(clientKey: string, midId: string, openedAt: string, now: Date): Promise<boolean>;
  /**
   * Claims the trial of a MID half-open since `openedAt` (the opening routing saw): granted to one caller, unless the
   * MID opened again or closed since, or another claim is younger than TRIAL_STALE_SECONDS.
   */
  claimMidTrial(clientKey: string, midId: string, openedAt: string, now: Date): Promise<MidTrialClaim>;
}
