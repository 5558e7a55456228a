/**
 * The platform's own callback signature, beside the protocol's `hash` field (which proves only knowledge of the
 * PASSWORD, is the same on every retry and, for Checkout, is also in the payer's return URL). Stripe-style:
 *
 *   X-Callback-Event-Id: <event id, stable across retries and replays>
 *   X-Callback-Signature: t=<unix seconds>,v1=<hex hmac>[,v1=<hex hmac>]
 *
 * v1 = HMAC-SHA256(secret, "<t>.<raw body>"): it covers the whole body, outcome included. While a secret rotation
 * overlaps, the callback carries one v1 per valid secret, so a merchant holding either verifies it. The timestamp
 * is fresh on every attempt: merchants refuse old timestamps (replays) and repeated event ids (duplicates).
 */
import { hashEquals } from './compare.js';
import { hmacSha256Hex } from './digest.js';
import { concat, type Bytes } from './php-bytes.js';

export const SIGNATURE_HEADER = 'X-Callback-Signature';
export const EVENT_ID_HEADER = 'X-Callback-Event-Id';

/** How far a callback's timestamp may be from the receiver's clock before it counts as a replay: 5 minutes. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function callbackHmac(secret: string, timestamp: number, body: Bytes): string {
  return hmacSha256Hex(secret, concat(`${timestamp}.`, body));
}

/** The header for `body` signed at `timestamp` with every secret given (the current one first). */
export function signatureHeader(body: Bytes, timestamp: number, secrets: readonly string[]): string {
  if (secrets.length === 0) throw new Error('A callback needs at least one signing secret');
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${callbackHmac(s, timestamp, body)}`)].join(',');
}

export interface ParsedSignature {
  timestamp: number;
  signatures: string[];
}

/** `t` and every `v1`; parts of other schemes are ignored. Undefined without a usable `t` or any `v1`. */
export function parseSignatureHeader(header: string | undefined): ParsedSignature | undefined {
  if (!header) return undefined;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-fA-F]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

export type SignatureFailure = 'missing_signature' | 'malformed_signature' | 'timestamp_outside_tolerance' | 'signature_mismatch';

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: SignatureFailure };

export interface SignatureCheckOptions {
  /** The receiver's clock, Unix seconds. */
  nowSeconds: number;
  /** Default DEFAULT_TOLERANCE_SECONDS. */
  toleranceSeconds?: number;
}

/**
 * What a merchant does on receipt: ok when a v1 matches one of the `secrets` it holds and `t` is within the
 * tolerance of its clock. Every (secret, v1) pair is compared in constant time, so which one matched does not show.
 */
export function checkSignatureHeader(
  header: string | undefined,
  body: Bytes,
  secrets: readonly string[],
  o: SignatureCheckOptions,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing_signature' };
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed_signature' };
  // A stale timestamp is a replay (or a badly wrong clock): refused even when the HMAC matches.
  if (Math.abs(o.nowSeconds - parsed.timestamp) > (o.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'timestamp_outside_tolerance' };
  }
  let ok = false;
  for (const secret of secrets) {
    const expected = callbackHmac(secret, parsed.timestamp, body);
    for (const candidate of parsed.signatures) if (hashEquals(expected, candidate)) ok = true;
  }
  return ok ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: 'signature_mismatch' };
}

/** checkSignatureHeader as a yes/no. */
export function verifySignatureHeader(
  header: string | undefined,
  body: Bytes,
  secrets: readonly string[],
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): boolean {
  return checkSignatureHeader(header, body, secrets, { nowSeconds, toleranceSeconds }).ok;
}
