/**
 * Which declines may be tried on the next MID (docs/routing.md "Cascading on soft declines"). A decline reason is
 * compared whole with each entry of the table's list, both normalised (case, spacing and punctuation ignored):
 * "Do not try again" is not "try again", and an entry is never a part of a reason. A decline that says not to try
 * again never cascades, whatever the list says: the card schemes forbid retrying it, and a card tester would gain
 * another acquirer's answer.
 */
import type { ConnectorOutcome } from '../../ports/connector.js';

/** Answers that mean "the issuer could not decide now", not "no": another acquirer may get an answer. */
export const DEFAULT_SOFT_DECLINES = ['issuer unavailable', 'do not honour', 'do not honor', 'try again'];

/**
 * Phrases that forbid a retry (Mastercard's merchant advice "do not try again", Visa's "issuer will never approve":
 * pick up, lost or stolen card, closed account, stop payment, fraud). Found as whole words anywhere in a reason: a
 * veto errs on the side of not retrying.
 */
const DO_NOT_RETRY = [
  'do not try again',
  'don t try again',
  'dont try again',
  'do not retry',
  'don t retry',
  'do not reattempt',
  'no retry',
  'pick up card',
  'lost card',
  'stolen card',
  'closed account',
  'account closed',
  'stop payment',
  'revocation of authorisation',
  'revocation of authorization',
  'fraud',
];

/** Lower case, every run of characters that are not letters or digits one space, none at either end. */
export function normaliseReason(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether a (normalised) reason says not to try again. */
export function isDoNotRetry(normalised: string): boolean {
  const padded = ` ${normalised} `;
  return DO_NOT_RETRY.some((phrase) => padded.includes(` ${phrase} `));
}

/**
 * Why an entry of a table's list cannot be one (it normalises to nothing, or is a do-not-retry answer), or
 * undefined. routing set refuses such entries; one stored before is never matched (softDeclineMatcher).
 */
export function refusedSoftDecline(entry: string): string | undefined {
  const normal = normaliseReason(entry);
  if (!normal) return 'has no letters or digits, so it names no decline reason';
  if (isDoNotRetry(normal)) return 'says not to try again: such a decline never moves to another MID';
  return undefined;
}

export function isSoftDecline(outcome: ConnectorOutcome, list: string[] = DEFAULT_SOFT_DECLINES): boolean {
  if (outcome.kind !== 'declined') return false;
  const reason = normaliseReason(outcome.reason);
  if (!reason || isDoNotRetry(reason)) return false;
  if (outcome.retryable) return true;
  return list.some((entry) => refusedSoftDecline(entry) === undefined && normaliseReason(entry) === reason);
}
