/**
 * The platform's own callback signature, beside the protocol's `hash` field (which only proves knowledge of the
 * merchant PASSWORD and is the same on every retry). Stripe-style:
 *
 *   X-Callback-Event-Id: <event id, stable across retries and replays>
 *   X-Callback-Signature: t=<unix seconds>,v1=<hex hmac>[,v1=<hex hmac>]
 *
 * v1 = HMAC-SHA256(secret, "<t>.<raw body>"). While a secret rotation overlaps, the callback carries one v1 per
 * valid secret, so a merchant holding either the old or the new secret verifies it. The timestamp is fresh on
 * every attempt: merchants reject old timestamps (replays) and repeated event ids (duplicates).
 */
import { createHmac } from 'node:crypto';
import { hashEquals } from '../signature.js';

export const EVENT_ID_HEADER = 'X-Callback-Event-Id';
export const SIGNATURE_HEADER = 'X-Callback-Signature';

/** Merchants should refuse callbacks whose timestamp is further than this from their clock. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function callbackHmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** Header value for `body` signed at `timestamp` with every secret given (current first). */
export function signatureHeader(body: string, timestamp: number, secrets: readonly string[]): string {
  if (secrets.length === 0) throw new Error('A callback needs at least one signing secret');
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${callbackHmac(s, timestamp, body)}`)].join(',');
}

export interface ParsedSignature {
  timestamp: number;
  signatures: string[];
}

export function parseSignatureHeader(header: string | undefined): ParsedSignature | undefined {
  if (!header) return undefined;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return undefined;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/**
 * What a merchant does on receipt (also used by our tests): true when any v1 matches any secret the merchant holds
 * and the timestamp is within the tolerance. Constant-time comparison.
 */
export function verifySignatureHeader(
  header: string | undefined,
  body: string,
  secrets: readonly string[],
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): boolean {
  const parsed = parseSignatureHeader(header);
  if (!parsed || Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return false;
  let ok = false;
  for (const secret of secrets) {
    const expected = callbackHmac(secret, parsed.timestamp, body);
    for (const candidate of parsed.signatures) if (hashEquals(expected, candidate)) ok = true;
  }
  return ok;
}
