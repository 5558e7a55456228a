/**
 * Google Pay ECv2 payment method tokens (Google's "Payment data cryptography"), with node:crypto only:
 *   1. the intermediate signing key is signed by a non-expired Google root key (ECDSA P-256, SHA-256);
 *   2. the intermediate key has not expired;
 *   3. the signedMessage is signed by the intermediate key, for recipient "gateway:<gateway id>";
 *   4. ECDH(merchant private key, ephemeralPublicKey) → HKDF-SHA256(ephemeralPublicKey ‖ sharedSecret, 32 zero bytes,
 *      "Google") → 32 bytes AES-256-CTR key (zero IV) + 32 bytes HMAC-SHA256 key; the tag is checked before decrypting;
 *   5. the decrypted message has not expired (messageExpiration) and names this merchant (gatewayMerchantId).
 * Signed strings are length-value concatenations with 4-byte little-endian lengths.
 */
import { createDecipheriv, createHmac, hkdfSync, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { publicKeyFromPoint, publicKeyFromSpki, pointOf, sharedSecret } from './ec.js';
import { base64, month, obj, pan, parseJson, str, year, type Json } from './json.js';
import { WalletCard, WalletTokenError } from './types.js';

export const GOOGLE_SENDER_ID = 'Google';
const PROTOCOL_VERSION = 'ECv2';

export interface GoogleRootKey {
  key: KeyObject;
  protocolVersion: string;
  /** Epoch milliseconds; undefined: does not expire. */
  keyExpiration?: number;
}

export interface GooglePayOptions {
  privateKey: KeyObject;
  /** "gateway:<the gateway id merchants put in their Google Pay request>". */
  recipientId: string;
  /** Root keys of the merchant's configured environment. */
  roots: GoogleRootKey[];
  /** Root keys of the other environment: a token they verify is reported as an environment mismatch. */
  otherEnvironmentRoots?: GoogleRootKey[];
  /** The merchant's client key: Google Pay's gatewayMerchantId. */
  gatewayMerchantId: string;
  now: Date;
}

/** Google's keys.json ({"keys":[{"keyValue","protocolVersion","keyExpiration"}]}): the trusted roots. */
export function parseGoogleRootKeys(text: string): GoogleRootKey[] {
  const doc = JSON.parse(text) as { keys?: Array<{ keyValue?: string; protocolVersion?: string; keyExpiration?: string }> };
  if (!Array.isArray(doc.keys)) throw new Error('Google root keys: "keys" must be a list');
  return doc.keys.map((k) => {
    if (!k.keyValue || !k.protocolVersion) throw new Error('Google root keys: every key needs keyValue and protocolVersion');
    return {
      key: publicKeyFromSpki(Buffer.from(k.keyValue, 'base64')),
      protocolVersion: k.protocolVersion,
      keyExpiration: k.keyExpiration ? Number(k.keyExpiration) : undefined,
    };
  });
}

/** length-value concatenation of Google's signed strings. */
export function signedString(...parts: string[]): Buffer {
  return Buffer.concat(
    parts.flatMap((p) => {
      const bytes = Buffer.from(p, 'utf8');
      const len = Buffer.alloc(4);
      len.writeUInt32LE(bytes.length);
      return [len, bytes];
    }),
  );
}

function ecdsaValid(key: KeyObject, data: Buffer, signatureB64: unknown): boolean {
  if (typeof signatureB64 !== 'string') return false;
  try {
    return verify('sha256', data, { key, dsaEncoding: 'der' }, base64(signatureB64, 'signature'));
  } catch {
    return false;
  }
}

function signedByRoot(roots: GoogleRootKey[], data: Buffer, signatures: unknown[], now: Date): boolean {
  const usable = roots.filter(
    (r) => r.protocolVersion === PROTOCOL_VERSION && (r.keyExpiration === undefined || r.keyExpiration > now.getTime()),
  );
  return signatures.some((s) => usable.some((r) => ecdsaValid(r.key, data, s)));
}

/** The PaymentMethodToken: the token itself, or a whole PaymentData whose tokenizationData.token carries it. */
export function googleToken(text: string): Json {
  const outer = parseJson(text, 'payment_token');
  const nested = (outer.paymentMethodData as Json | undefined)?.tokenizationData as Json | undefined;
  return typeof nested?.token === 'string' ? parseJson(nested.token, 'tokenizationData.token') : outer;
}

export function decryptGooglePayToken(text: string, opts: GooglePayOptions): WalletCard {
  const token = googleToken(text);
  if (token.protocolVersion !== PROTOCOL_VERSION)
    throw new WalletTokenError('unsupported-version', `protocolVersion ${String(token.protocolVersion)}`);
  const intermediate = obj(token, 'intermediateSigningKey', 'token');
  const signedKeyText = str(intermediate, 'signedKey', 'intermediateSigningKey');
  const signatures = intermediate.signatures;
  if (!Array.isArray(signatures) || signatures.length === 0)
    throw new WalletTokenError('malformed', 'intermediateSigningKey.signatures is missing');

  // 1. The intermediate key is Google's, in the merchant's environment (or visibly the other one).
  const keyData = signedString(GOOGLE_SENDER_ID, PROTOCOL_VERSION, signedKeyText);
  if (!signedByRoot(opts.roots, keyData, signatures, opts.now)) {
    if (opts.otherEnvironmentRoots && signedByRoot(opts.otherEnvironmentRoots, keyData, signatures, opts.now)) {
      throw new WalletTokenError('environment', 'intermediate key signed by the other environment');
    }
    throw new WalletTokenError('signature', 'intermediate signing key not signed by a trusted root');
  }
  // 2. …and still valid.
  const signedKey = parseJson(signedKeyText, 'signedKey');
  const expiration = Number(str(signedKey, 'keyExpiration', 'signedKey'));
  if (!Number.isFinite(expiration) || expiration <= opts.now.getTime())
    throw new WalletTokenError('expired', 'intermediate signing key expired');
  const intermediateKey = publicKeyFromSpki(base64(str(signedKey, 'keyValue', 'signedKey'), 'keyValue'));

  // 3. The message is signed for us.
  const signedMessageText = str(token, 'signedMessage', 'token');
  const messageData = signedString(GOOGLE_SENDER_ID, opts.recipientId, PROTOCOL_VERSION, signedMessageText);
  if (!ecdsaValid(intermediateKey, messageData, token.signature))
    throw new WalletTokenError('signature', 'signedMessage signature invalid');

  // 4. Decrypt with the merchant's key.
  const signedMessage = parseJson(signedMessageText, 'signedMessage');
  const ephemeral = base64(str(signedMessage, 'ephemeralPublicKey', 'signedMessage'), 'ephemeralPublicKey');
  const encrypted = base64(str(signedMessage, 'encryptedMessage', 'signedMessage'), 'encryptedMessage');
  const tag = base64(str(signedMessage, 'tag', 'signedMessage'), 'tag');
  const plaintext = decryptEcv2(opts.privateKey, ephemeral, encrypted, tag);

  // 5. The message itself.
  const message = parseJson(plaintext.toString('utf8'), 'decrypted message');
  const messageExpiration = Number(str(message, 'messageExpiration', 'message'));
  if (!Number.isFinite(messageExpiration) || messageExpiration <= opts.now.getTime())
    throw new WalletTokenError('expired', 'message expired');
  // Google puts the tokenizationSpecification's gatewayMerchantId (our client_key) into the encrypted message of
  // PAYMENT_GATEWAY tokens: required, so a token made for another merchant of this gateway never pays here.
  if (message.gatewayMerchantId !== opts.gatewayMerchantId) {
    throw new WalletTokenError(
      'recipient',
      message.gatewayMerchantId === undefined ? 'no gatewayMerchantId' : 'gatewayMerchantId is another merchant',
    );
  }
  const messageId = str(message, 'messageId', 'message');
  if (message.paymentMethod !== 'CARD') throw new WalletTokenError('unsupported-payment', `paymentMethod ${String(message.paymentMethod)}`);
  return cardOf(obj(message, 'paymentMethodDetails', 'message'), { replayId: messageId, replayUntil: messageExpiration });
}

/** Keys from ECDH + HKDF; HMAC over the ciphertext first, then AES-256-CTR with a zero IV. */
export function decryptEcv2(privateKey: KeyObject, ephemeralPoint: Buffer, encrypted: Buffer, tag: Buffer): Buffer {
  const ephemeral = publicKeyFromPoint(ephemeralPoint);
  const { encryptionKey, macKey } = ecv2Keys(sharedSecret(privateKey, ephemeral), pointOf(ephemeral));
  const expected = createHmac('sha256', macKey).update(encrypted).digest();
  if (tag.length !== expected.length || !timingSafeEqual(tag, expected)) throw new WalletTokenError('decryption', 'tag mismatch');
  const decipher = createDecipheriv('aes-256-ctr', encryptionKey, Buffer.alloc(16));
  return Buffer.concat([decipher.update(encrypted), decipher.final()]);
}

export function ecv2Keys(secret: Buffer, ephemeralPoint: Buffer): { encryptionKey: Buffer; macKey: Buffer } {
  const derived = Buffer.from(
    hkdfSync('sha256', Buffer.concat([ephemeralPoint, secret]), Buffer.alloc(32), Buffer.from(GOOGLE_SENDER_ID), 64),
  );
  return { encryptionKey: derived.subarray(0, 32), macKey: derived.subarray(32) };
}

function cardOf(details: Json, replay: { replayId: string; replayUntil: number }): WalletCard {
  const authMethod = details.authMethod;
  const card = {
    ...replay,
    pan: pan(details.pan, 'paymentMethodDetails.pan'),
    expMonth: month(details.expirationMonth, 'paymentMethodDetails.expirationMonth'),
    expYear: year(details.expirationYear, 'paymentMethodDetails.expirationYear'),
  };
  if (authMethod === 'PAN_ONLY') return new WalletCard({ ...card, panType: 'fpan', authMethod });
  if (authMethod === 'CRYPTOGRAM_3DS') {
    const eci = details.eciIndicator;
    return new WalletCard({
      ...card,
      panType: 'dpan',
      authMethod,
      cryptogram: str(details, 'cryptogram', 'paymentMethodDetails'),
      ...(typeof eci === 'string' && eci ? { eci } : {}),
    });
  }
  throw new WalletTokenError('unsupported-payment', `authMethod ${String(authMethod)}`);
}
