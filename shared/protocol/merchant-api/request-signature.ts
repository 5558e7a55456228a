/**
 * The signature of a merchant API request (docs/merchant-api.md): the merchant's own routes under
 * /api/v1/merchant/ (delivery log, next callbacks, its test clock), called with the merchant's client key and password
 * — no operator credentials.
 *
 *   X-Client-Key: <client_key>
 *   X-Timestamp:  <unix seconds>
 *   X-Signature:  hex(HMAC-SHA256(password, METHOD "\n" PATH "\n" QUERY "\n" TIMESTAMP "\n" BODY))
 *
 * PATH is the path as sent (no host), QUERY the query string as sent without its "?" (empty when none), BODY the raw
 * body (empty for GET). The password rather than the callback signing secret: every merchant has it from the start,
 * while the signing secret only exists once a first callback was sent.
 */
import { createHmac } from 'node:crypto';
import { hashMatches } from '../signature.js';

export const CLIENT_KEY_HEADER = 'x-client-key';
export const TIMESTAMP_HEADER = 'x-timestamp';
export const SIGNATURE_HEADER = 'x-signature';
/** A request signed more than this far from the platform's time (either way) is refused: a replay, or a wrong clock. */
export const REQUEST_TOLERANCE_SECONDS = 300;

export interface SignedRequest {
  method: string;
  path: string;
  query: string;
  timestamp: string;
  body: string;
}

export function stringToSign(r: SignedRequest): string {
  return [r.method.toUpperCase(), r.path, r.query, r.timestamp, r.body].join('\n');
}

export function requestSignature(password: string, r: SignedRequest): string {
  return createHmac('sha256', password).update(stringToSign(r), 'utf8').digest('hex');
}

/** The headers a client sends: what the admin CLI and any merchant backend compute. */
export function signRequest(
  clientKey: string,
  password: string,
  r: Omit<SignedRequest, 'timestamp'>,
  now: Date = new Date(),
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [CLIENT_KEY_HEADER]: clientKey,
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: requestSignature(password, { ...r, timestamp }),
  };
}

/** Constant-time, through the one comparison every secret check uses (hashMatches; hex case ignored). */
export function signatureMatches(password: string, r: SignedRequest, given: string): boolean {
  return hashMatches(requestSignature(password, r), given);
}

/** Whole seconds only, within the tolerance of `realNow` (the real time: a sandbox's test clock does not count). */
export function timestampFresh(timestamp: string, realNow: Date): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(realNow.getTime() / 1000 - Number(timestamp)) <= REQUEST_TOLERANCE_SECONDS;
}
