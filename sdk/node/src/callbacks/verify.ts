/**
 * verifyCallback: the two checks every callback needs. The protocol `hash` covers ids and the order but not the
 * outcome (and the payer holds the same hash from the return URL), so without the platform's HMAC header a forged
 * "status=success" would pass: a callback without X-Callback-Signature is refused unless `requireSignature: false`.
 */
import type { HashAlgorithm } from '@open-payments/protocol';
import { SignatureVerificationError } from '../errors.js';
import { parseForm, type ParsedForm } from '../wire/form.js';
import type { CallbackEvent, CheckoutCallback, S2sCallback } from './events.js';
import { callbackProtocol, verifyProtocolHash } from './protocol-hash.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, verifySignatureHeader } from './signature-header.js';

export interface VerifyCallbackOptions {
  /** The merchant PASSWORD (protocol hash). */
  password: string;
  /** The callback signing secret (cbs_…); during a rotation pass both, current first. */
  signingSecret: string | readonly string[];
  /** How far the signature's timestamp may be from now (default 300 s). */
  toleranceSeconds?: number;
  hashAlgorithm?: HashAlgorithm;
  /** S2S CARD: the payment's payer_email (the callback carries it only with the payer mapping on). */
  payerEmail?: string | ((fields: ParsedForm) => string | undefined);
  /** Which protocol's hash to check, when your endpoint knows; otherwise the body's shape decides. */
  protocol?: 'checkout' | 's2s-card' | 's2s-apm';
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

/** Verifies the raw body (exactly as received, before any parsing) and returns the typed event; throws SignatureVerificationError. */
export function verifyCallback(rawBody: string | Buffer, headers: CallbackHeaders, options: VerifyCallbackOptions): CallbackEvent {
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const signature = header(headers, SIGNATURE_HEADER);
  let signedAt: number | undefined;
  if (signature) {
    const secrets = typeof options.signingSecret === 'string' ? [options.signingSecret] : options.signingSecret;
    const now = options.now ?? Math.floor(Date.now() / 1000);
    signedAt = verifySignatureHeader(signature, body, secrets, now, options.toleranceSeconds ?? 300);
  } else if (options.requireSignature !== false) {
    throw new SignatureVerificationError('missing_signature', 'X-Callback-Signature is missing; the protocol hash alone does not cover the outcome');
  }
  const raw = parseForm(body);
  const protocol = options.protocol ?? callbackProtocol(raw);
  const payerEmail = (typeof options.payerEmail === 'function' ? options.payerEmail(raw) : options.payerEmail) ?? (typeof raw.payer_email === 'string' ? raw.payer_email : undefined);
  verifyProtocolHash(raw, protocol, { password: options.password, hashAlgorithm: options.hashAlgorithm ?? 'md5', payerEmail });
  const base = { eventId: header(headers, EVENT_ID_HEADER), signedAt, raw };
  return protocol === 'checkout'
    ? { ...base, protocol, data: raw as unknown as CheckoutCallback }
    : { ...base, protocol, data: raw as unknown as S2sCallback };
}
