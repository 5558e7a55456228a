/**
 * A decline at a 3DS step's completion counts like a first answer's (docs/risk.md): the payment core's
 * ChallengeDeclined hook, bound to the risk counters.
 */
import type { ChallengeDeclined } from '../payment/index.js';
import { countLaterDecline, type RiskDeps } from './check.js';

export function countChallengeDeclines(d: RiskDeps): ChallengeDeclined {
  return (p, card) =>
    countLaterDecline(d, {
      clientKey: p.clientKey,
      cardNumber: card.number,
      fingerprint: p.details.cardFingerprint,
      payerIp: p.details.payerIp,
    });
}
