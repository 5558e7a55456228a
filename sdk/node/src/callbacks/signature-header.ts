/**
 * `X-Callback-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`, v1 = HMAC-SHA256(secret, "<t>.<raw body>"), checked
 * with @open-payments/protocol (the code the platform signs with). During a secret rotation the platform sends one
 * v1 per valid secret, so a merchant holding either verifies.
 */
import { checkSignatureHeader, type Bytes } from '@open-payments/protocol';
import { SignatureVerificationError } from '../errors.js';

export { callbackHmac, DEFAULT_TOLERANCE_SECONDS } from '@open-payments/protocol';

/** Header names as Node's http module gives them (lowercase). */
export const SIGNATURE_HEADER = 'x-callback-signature';
export const EVENT_ID_HEADER = 'x-callback-event-id';

const MESSAGES = {
  missing_signature: 'X-Callback-Signature is missing',
  malformed_signature: 'X-Callback-Signature must read t=<unix seconds>,v1=<hex hmac>',
  timestamp_outside_tolerance: 'The signature timestamp is too far from now (a replay, or a wrong clock)',
  signature_mismatch: 'No v1 signature matches the signing secret(s)',
} as const;

/**
 * The signature's timestamp when a v1 matches one of `secrets` and `t` is within `toleranceSeconds` of
 * `nowSeconds`; throws SignatureVerificationError otherwise. Every pair is compared in constant time.
 */
export function verifySignatureHeader(
  header: string,
  rawBody: Bytes,
  secrets: readonly string[],
  nowSeconds: number,
  toleranceSeconds: number,
): number {
  const check = checkSignatureHeader(header, rawBody, secrets, { nowSeconds, toleranceSeconds });
  if (!check.ok) throw new SignatureVerificationError(check.reason, MESSAGES[check.reason]);
  return check.timestamp;
}
