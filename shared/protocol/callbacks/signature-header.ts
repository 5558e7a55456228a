/**
 * The platform's own callback signature, beside the protocol's `hash` field (which only proves knowledge of the
 * merchant PASSWORD and is the same on every retry). Stripe-style:
 *
 *   X-Callback-Event-Id: <event id, stable across retries and replays>
 *   X-Callback-Signature: t=<unix seconds>,v1=<hex hmac>[,v1=<hex hmac>]
 *
 * v1 = HMAC-SHA256(secret, "<t>.<raw body>"). While a secret rotation overlaps, the callback carries one v1 per
 * valid secret, so a merchant holding either the old or the new secret verifies it. The timestamp is fresh on
 * every attempt: merchants reject old timestamps (replays) and repeated event ids (duplicates). The code is
 * @open-payments/protocol's, the same the Node SDK's verifyCallback checks with.
 */
export {
  callbackHmac,
  checkSignatureHeader,
  DEFAULT_TOLERANCE_SECONDS,
  EVENT_ID_HEADER,
  parseSignatureHeader,
  SIGNATURE_HEADER,
  signatureHeader,
  verifySignatureHeader,
  type ParsedSignature,
} from '@open-payments/protocol';
