/**
 * The risk check around one new card payment (docs/risk.md), as the charge sees it: a port the risk folder fills
 * (operations/risk/charge-screen.ts), so the payment core never imports the feature. Without one, the charge asks
 * the acquirer unscreened (a merchant-initiated recurring charge, a retry).
 */
import type { Mid } from '../../../domain/merchant.js';
import type { RiskDecision } from '../../../domain/payment-details.js';

export interface Screening {
  /** Blocked: the payment is declined with this reason and no acquirer is asked. */
  declineReason?: string;
  /** Kept on the payment (details.risk): the decision that blocked it, or the challenge a rule asked for. */
  risk?: RiskDecision;
  /** A rule asked the acquirer to challenge the payer (3DS on request). */
  challenge: boolean;
  /** The card's fingerprint, kept on the payment so an operator can blocklist the card by the payment. */
  fingerprint?: string;
  /** The MID to ask first and the ones the payment may cascade to (MID limits may move it from the route's). */
  first: Mid;
  fallbacks: Mid[];
}

export interface ChargeScreen {
  /**
   * Before the acquirer, started beside the reservation's write so that it costs no round trip of its own
   * (docs/performance.md): `candidates` are the route's MIDs, first one first; `canChallenge` says whether a MID's
   * connector runs 3DS on request.
   */
  before(candidates: Mid[], canChallenge: (mid: Mid) => boolean): Promise<Screening>;
  /** The acquirer declined the screened payment: it counts against the card, and gives its MID volume back. */
  declined(): Promise<void>;
  /**
   * No acquirer was asked (a repeated request answered from its first reservation, or the reservation failed): the
   * MID volume the screen reserved goes back. The card's counter keeps the attempt (docs/risk.md).
   */
  unused(): Promise<void>;
}
