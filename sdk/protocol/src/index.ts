/**
 * @open-payments/protocol: the Open Payments protocol's signatures and wire format, shared by the platform and
 * the SDKs so a hash is computed one way everywhere.
 */
export { strrev, strtoupper, card6_4, type Bytes } from './php-bytes.js';
export { hexDigest, hmacSha256Hex, type HashAlgorithm } from './digest.js';
export { hashEquals, hashMatches, lowerHex } from './compare.js';
export {
  formula1,
  formula1Token,
  formula2,
  formula3,
  formula4,
  formula5,
  formula5Token,
  formula6,
  formula7,
  formula8,
} from './s2s-card.js';
export {
  apmSaleHash,
  apmCreditvoidHash,
  apmTransIdHash,
  apmCredit2VirtualHash,
  apmCredit2VirtualCallbackHash,
  apmCryptoSaleCallbackHash,
  apmCallbackHash,
  apmCallbackHashInput,
} from './s2s-apm.js';
export {
  checkoutHash,
  sessionHash,
  idHash,
  paymentAmountHash,
  recurringHash,
  cardCreditHash,
  paymentHash,
  sessionUpdateHash,
  type Signer,
  type SignedOrder,
} from './checkout.js';
export {
  SIGNATURE_HEADER,
  EVENT_ID_HEADER,
  DEFAULT_TOLERANCE_SECONDS,
  callbackHmac,
  signatureHeader,
  parseSignatureHeader,
  checkSignatureHeader,
  verifySignatureHeader,
  type ParsedSignature,
  type SignatureCheck,
  type SignatureCheckOptions,
  type SignatureFailure,
} from './callback-signature.js';
export { parseForm, encodeForm, getString, MAX_DEPTH, MAX_KEYS, type FormValue, type FormObject, type FormInput } from './form.js';
export { isPrototypeKey, parseJson } from './safe-keys.js';
/** The platform's JSON answers, typed (generated from the platform's answer schemas: answers.ts). */
export type * from './answers.js';
/** The S2S requests' fields, typed (generated from the fields each action declares: requests.ts). */
export type * from './requests.js';
