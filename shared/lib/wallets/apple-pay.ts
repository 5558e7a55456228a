/**
 * Apple Pay EC_v1 payment tokens (Apple's "Payment token format reference"), with node:crypto and asn1js (der.ts):
 *   1. the PKCS#7 signature: leaf (OID 1.2.840.113635.100.6.29) signed by the intermediate (1.2.840.113635.100.6.2.14)
 *      signed by a trusted Apple root; messageDigest = SHA-256(ephemeralPublicKey ‖ data ‖ transactionId ‖
 *      applicationData); the leaf's ECDSA signature over the signed attributes; signingTime recent (replays);
 *   2. publicKeyHash names the merchant's payment processing key;
 *   3. ECDH(merchant private key, ephemeralPublicKey) → NIST SP 800-56A concat KDF (SHA-256, counter 1,
 *      otherInfo = 0x0D ‖ "id-aes256-GCM" ‖ "Apple" ‖ SHA-256(merchant identifier)) → AES-256-GCM, 16-byte zero IV.
 * Loaded on a function's first Apple Pay token (apple-pay-lazy.ts), with everything it imports.
 */
import { X509Certificate, createDecipheriv, createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { extensionOids } from './der.js';
import { publicKeyFromSpki, sharedSecret } from './ec.js';
import { base64, obj, pan, parseJson, str, type Json } from './json.js';
import { issuerAndSerial, parseSignedData, type SignedData } from './pkcs7.js';
import { WalletCard, WalletTokenError } from './types.js';

export const APPLE_LEAF_OID = '1.2.840.113635.100.6.29';
export const APPLE_INTERMEDIATE_OID = '1.2.840.113635.100.6.2.14';
const ALGORITHM_ID = Buffer.from('\x0did-aes256-GCM', 'latin1');
const PARTY_U = Buffer.from('Apple');

export interface ApplePayOptions {
  privateKey: KeyObject;
  /** The Apple merchant identifier (e.g. merchant.com.shop); its SHA-256 is the KDF's party V info. */
  merchantIdentifier: string;
  /** Trusted roots of the merchant's configured environment (Apple Root CA - G3 in production). */
  roots: X509Certificate[];
  otherEnvironmentRoots?: X509Certificate[];
  now: Date;
  /** How old a signature may be (Apple: more than a few minutes suggests a replay). */
  maxSignatureAgeMs: number;
}

export { parseCertificates } from './certificates.js';

/** The payment data: either paymentData itself or a whole PKPaymentToken carrying it. */
export function applePaymentData(text: string): Json {
  const outer = parseJson(text, 'payment_token');
  const inner = outer.paymentData;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Json) : outer;
}

export function decryptApplePayToken(text: string, opts: ApplePayOptions): WalletCard {
  const data = applePaymentData(text);
  if (data.version !== 'EC_v1') throw new WalletTokenError('unsupported-version', `version ${String(data.version)}`);
  const header = obj(data, 'header', 'paymentData');
  const ephemeralDer = base64(str(header, 'ephemeralPublicKey', 'header'), 'ephemeralPublicKey');
  const ciphertext = base64(str(data, 'data', 'paymentData'), 'data');
  const transactionId = str(header, 'transactionId', 'header');
  const applicationData = typeof header.applicationData === 'string' ? header.applicationData : '';
  if (!/^([0-9a-fA-F]{2})*$/.test(transactionId) || !/^([0-9a-fA-F]{2})*$/.test(applicationData)) {
    throw new WalletTokenError('malformed', 'transactionId / applicationData are not hex');
  }

  // 1. Apple signed exactly these bytes.
  const signed = parseSignedData(base64(str(data, 'signature', 'paymentData'), 'signature'));
  const content = Buffer.concat([ephemeralDer, ciphertext, Buffer.from(transactionId, 'hex'), Buffer.from(applicationData, 'hex')]);
  verifySignature(signed, content, opts);
  // verifySignature refused a token without signingTime; the replay cache keeps the id as long as it is acceptable.
  const replay = { replayId: transactionId.toLowerCase(), replayUntil: signed.signingTime!.getTime() + opts.maxSignatureAgeMs };

  // 2. …for the merchant's payment processing key.
  const ownHash = createHash('sha256')
    .update(createPublicKey(opts.privateKey).export({ format: 'der', type: 'spki' }))
    .digest('base64');
  if (str(header, 'publicKeyHash', 'header') !== ownHash) throw new WalletTokenError('wrong-key', 'publicKeyHash names another key');

  // 3. Decrypt.
  const key = appleSymmetricKey(sharedSecret(opts.privateKey, publicKeyFromSpki(ephemeralDer)), opts.merchantIdentifier);
  if (ciphertext.length <= 16) throw new WalletTokenError('malformed', 'data too short');
  let plaintext: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.alloc(16));
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    plaintext = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  } catch {
    throw new WalletTokenError('decryption', 'GCM authentication failed');
  }
  return cardOf(parseJson(plaintext.toString('utf8'), 'decrypted payment data'), replay);
}

/** NIST SP 800-56A §5.8.1 single-step KDF with SHA-256: one round gives the 256-bit key. */
export function appleSymmetricKey(secret: Buffer, merchantIdentifier: string): Buffer {
  const partyV = createHash('sha256').update(merchantIdentifier, 'utf8').digest();
  return createHash('sha256')
    .update(Buffer.from([0, 0, 0, 1]))
    .update(secret)
    .update(ALGORITHM_ID)
    .update(PARTY_U)
    .update(partyV)
    .digest();
}

function withExtension(certs: X509Certificate[], oid: string): X509Certificate | undefined {
  return certs.find((c) => extensionOids(c.raw).includes(oid));
}

function validAt(cert: X509Certificate, at: Date): boolean {
  return Date.parse(cert.validFrom) <= at.getTime() && at.getTime() <= Date.parse(cert.validTo);
}

function anchoredIn(intermediate: X509Certificate, roots: X509Certificate[], at: Date): boolean {
  return roots.some((root) => validAt(root, at) && intermediate.checkIssued(root) && intermediate.verify(root.publicKey));
}

function verifySignature(signed: SignedData, content: Buffer, opts: ApplePayOptions): void {
  const leaf = withExtension(signed.certificates, APPLE_LEAF_OID);
  const intermediate = withExtension(signed.certificates, APPLE_INTERMEDIATE_OID);
  if (!leaf || !intermediate) throw new WalletTokenError('signature', 'Apple leaf / intermediate certificate missing');
  const at = opts.now;
  if (!validAt(leaf, at) || !validAt(intermediate, at)) throw new WalletTokenError('signature', 'certificate outside its validity');
  if (!leaf.checkIssued(intermediate) || !leaf.verify(intermediate.publicKey))
    throw new WalletTokenError('signature', 'leaf not issued by the intermediate');
  const id = issuerAndSerial(leaf);
  if (!id.issuer.equals(signed.signer.issuer) || id.serial !== signed.signer.serial)
    throw new WalletTokenError('signature', 'signer is not the leaf certificate');
  if (!anchoredIn(intermediate, opts.roots, at)) {
    if (opts.otherEnvironmentRoots && anchoredIn(intermediate, opts.otherEnvironmentRoots, at)) {
      throw new WalletTokenError('environment', 'signed under the other environment');
    }
    throw new WalletTokenError('signature', 'intermediate not issued by a trusted root');
  }
  const digest = createHash('sha256').update(content).digest();
  if (!digest.equals(signed.messageDigest)) throw new WalletTokenError('signature', 'messageDigest does not match the token');
  let ok: boolean;
  try {
    ok = verify('sha256', signed.signedAttributes, { key: leaf.publicKey, dsaEncoding: 'der' }, signed.signature);
  } catch {
    ok = false;
  }
  if (!ok) throw new WalletTokenError('signature', 'signer signature invalid');
  if (!signed.signingTime) throw new WalletTokenError('signature', 'no signing time');
  const age = at.getTime() - signed.signingTime.getTime();
  // A little clock skew the other way is tolerated.
  if (age > opts.maxSignatureAgeMs || age < -60_000) throw new WalletTokenError('expired', 'signing time outside the accepted window');
}

function cardOf(payment: Json, replay: { replayId: string; replayUntil: number }): WalletCard {
  if (payment.paymentDataType !== '3DSecure')
    throw new WalletTokenError('unsupported-payment', `paymentDataType ${String(payment.paymentDataType)}`);
  const expiry = str(payment, 'applicationExpirationDate', 'payment');
  if (!/^\d{2}(0[1-9]|1[0-2])\d{2}$/.test(expiry)) throw new WalletTokenError('malformed', 'applicationExpirationDate is not YYMMDD');
  const details = obj(payment, 'paymentData', 'payment');
  const amount = payment.transactionAmount;
  const eci = details.eciIndicator;
  return new WalletCard({
    ...replay,
    pan: pan(payment.applicationPrimaryAccountNumber, 'applicationPrimaryAccountNumber'),
    expMonth: expiry.slice(2, 4),
    expYear: `20${expiry.slice(0, 2)}`,
    panType: 'dpan',
    authMethod: '3DSecure',
    cryptogram: str(details, 'onlinePaymentCryptogram', 'paymentData'),
    ...(typeof eci === 'string' && eci ? { eci } : {}),
    ...(typeof amount === 'number' && Number.isSafeInteger(amount) ? { transactionAmount: amount } : {}),
    ...(typeof payment.currencyCode === 'string' ? { currencyNumeric: payment.currencyCode } : {}),
    ...(typeof payment.cardholderName === 'string' && payment.cardholderName ? { holder: payment.cardholderName } : {}),
  });
}
