/**
 * verifyCallback(rawBody, headers, { signingSecret }): the platform's HMAC header covers the whole raw body (the
 * outcome included), so with it verified the callback is genuine; like Stripe's constructEvent, the secret is all
 * it takes. The protocol `hash` proves only knowledge of the PASSWORD, is the same on every retry and, for
 * Checkout, is also in the payer's return URL: it is checked too when the merchant passes `password` (an S2S CARD
 * callback's hash also covers the payer's e-mail: checked when `payerEmail` is given or the callback carries it).
 * A callback without X-Callback-Signature is refused unless `requireSignature: false`; then the protocol hash is
 * the only check and `password` (and for S2S CARD `payerEmail`) must be given.
 */
import { DEFAULT_TOLERANCE_SECONDS, type HashAlgorithm } from '@open-payments/protocol';
import { SignatureVerificationError } from '../errors.js';
import { parseForm, type ParsedForm } from '../wire/form.js';
import type { CallbackEvent, CheckoutCallback, S2sCallback } from './events.js';
import { callbackProtocol, needsPayerEmail, verifyProtocolHash, type CallbackProtocol } from './protocol-hash.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, verifySignatureHeader } from './signature-header.js';

export interface VerifyCallbackOptions {
  /** The callback signing secret (cbs_…); during a rotation pass both, current first. */
  signingSecret: string | readonly string[];
  /** How far the signature's timestamp may be from now (default 300 s). */
  toleranceSeconds?: number;
  /** The merchant PASSWORD: also check the protocol `hash`. */
  password?: string;
  hashAlgorithm?: HashAlgorithm;
  /**
   * S2S CARD: the payment's payer_email, to check the protocol hash too (Formula 2 covers it). Without it, and without
   * payer_email in the callback, an S2S CARD callback is accepted on its verified HMAC alone.
   */
  payerEmail?: string | ((fields: ParsedForm) => string | undefined);
  /** Which protocol the callback is, when your endpoint knows; otherwise the body's shape decides. */
  protocol?: CallbackProtocol;
  /** Accept a callback without X-Callback-Signature (protocol hash only). Not recommended: see above. */
  requireSignature?: boolean;
  /** Current time in Unix seconds (tests). */
  now?: number;
}

export type CallbackHeaders = Headers | Record<string, string | string[] | undefined>;

function header(headers: CallbackHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return Array.isArray(v) ? v.join(',') : v;
  return undefined;
}

/**
 * Verifies the raw body (exactly as received, before any parsing) and returns the typed callback; throws
 * SignatureVerificationError (`reason` says why).
 */
export function verifyCallback(rawBody: string | Uint8Array, headers: CallbackHeaders, options: VerifyCallbackOptions): CallbackEvent {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const signature = header(headers, SIGNATURE_HEADER);
  let signedAt: number | undefined;
  if (signature || options.requireSignature !== false) {
    if (!signature)
      throw new SignatureVerificationError(
        'missing_signature',
        'X-Callback-Signature is missing; the protocol hash alone does not cover the outcome',
      );
    const secrets = typeof options.signingSecret === 'string' ? [options.signingSecret] : options.signingSecret;
    const now = options.now ?? Math.floor(Date.now() / 1000);
    // The HMAC is over the bytes as received: a Buffer is checked as is, not re-encoded.
    signedAt = verifySignatureHeader(signature, rawBody, secrets, now, options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS);
  }
  const raw = parseForm(body);
  const protocol = options.protocol ?? callbackProtocol(raw);
  const hashVerified = checkProtocolHash(raw, protocol, options, signedAt !== undefined);
  const base = { eventId: header(headers, EVENT_ID_HEADER), signedAt, hashVerified, raw };
  return protocol === 'checkout'
    ? { ...base, protocol, data: raw as unknown as CheckoutCallback }
    : { ...base, protocol, data: raw as unknown as S2sCallback };
}

/** Checks the protocol hash where the options allow; whether it did. Without a verified HMAC it must. */
function checkProtocolHash(raw: ParsedForm, protocol: CallbackProtocol, o: VerifyCallbackOptions, hmacVerified: boolean): boolean {
  if (o.password === undefined) {
    if (hmacVerified) return false;
    throw new SignatureVerificationError(
      'missing_signature',
      'Without X-Callback-Signature the protocol hash is the only check: pass password',
    );
  }
  const email =
    (typeof o.payerEmail === 'function' ? o.payerEmail(raw) : o.payerEmail) ??
    (typeof raw.payer_email === 'string' ? raw.payer_email : undefined);
  // The HMAC already covers the whole body; the e-mail is needed only where the hash is the only check.
  if (hmacVerified && !email && needsPayerEmail(raw, protocol)) return false;
  verifyProtocolHash(raw, protocol, { password: o.password, hashAlgorithm: o.hashAlgorithm ?? 'md5', payerEmail: email });
  return true;
}
