/**
 * `X-Callback-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`, v1 = HMAC-SHA256(secret, "<t>.<raw body>").
 * During a secret rotation the platform sends one v1 per valid secret, so a merchant holding either verifies.
 */
import { createHmac } from 'node:crypto';
import { hexEquals } from '../hash/compare.js';
import { SignatureVerificationError } from '../errors.js';

export const SIGNATURE_HEADER = 'x-callback-signature';
export const EVENT_ID_HEADER = 'x-callback-event-id';

export function callbackHmac(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (eq > 0 && key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (eq > 0 && key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new SignatureVerificationError('malformed_signature', 'X-Callback-Signature must read t=<unix seconds>,v1=<hex hmac>');
  }
  return { timestamp, signatures };
}

/**
 * Throws unless a v1 matches one of `secrets` and `t` is within `toleranceSeconds` of `nowSeconds`. Every pair is
 * compared (constant time each), so which secret matched does not show in the timing.
 */
export function verifySignatureHeader(header: string, rawBody: string, secrets: readonly string[], nowSeconds: number, toleranceSeconds: number): number {
  const { timestamp, signatures } = parseSignatureHeader(header);
  // A stale timestamp is a replay (or a badly wrong clock): refused even if the HMAC matches.
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    throw new SignatureVerificationError('timestamp_outside_tolerance', `Signature timestamp ${timestamp} is more than ${toleranceSeconds}s from now`);
  }
  let ok = false;
  for (const secret of secrets) {
    const expected = callbackHmac(secret, timestamp, rawBody);
    for (const candidate of signatures) if (hexEquals(expected, candidate)) ok = true;
  }
  if (!ok) throw new SignatureVerificationError('signature_mismatch', 'No v1 signature matches the signing secret(s)');
  return timestamp;
}
