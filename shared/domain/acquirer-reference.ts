/**
 * Our reference at the acquirer for a payment's own transaction, one per cascade attempt (docs/routing.md): a payment
 * tried on a second MID is a second request there, with its own reference and Idempotency-Key, so the acquirer
 * never takes it for a repeat of the first, and a webhook says which attempt it is about. The first attempt (and every
 * payment made before attempts had their own) is the trans_id as it is; attempt N > 1 is `trans_id-aN`.
 */
/**
 * One digit: a payment is tried on at most 5 MIDs (routing/validate.ts MAX_ATTEMPTS_LIMIT). A trans_id (a UUID, whose
 * last group has 12 characters) never ends like this, while `-a` and more digits could be its own last group.
 */
const ATTEMPT = /^(.+)-a([2-9])$/;

export function attemptReference(transId: string, attempt = 1): string {
  if (!Number.isInteger(attempt) || attempt > 9) throw new Error(`no acquirer reference for cascade attempt ${attempt}`);
  return attempt > 1 ? `${transId}-a${attempt}` : transId;
}

/** The trans_id and attempt a reference names (attempt 1 when it carries none). */
export function parseAttemptReference(reference: string): { transId: string; attempt: number } {
  const m = ATTEMPT.exec(reference);
  return m ? { transId: m[1]!, attempt: Number(m[2]) } : { transId: reference, attempt: 1 };
}
