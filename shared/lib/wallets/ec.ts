/** P-256 helpers on node:crypto: merchant private keys, ephemeral public keys from raw points, ECDH. */
import { createPrivateKey, createPublicKey, diffieHellman, type KeyObject } from 'node:crypto';
import { WalletTokenError } from './types.js';

/** SubjectPublicKeyInfo header of an uncompressed P-256 point (id-ecPublicKey, prime256v1, BIT STRING). */
const P256_SPKI_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');

/**
 * A merchant's P-256 private key: PEM (PKCS#8 "PRIVATE KEY" or SEC1 "EC PRIVATE KEY") or base64 PKCS#8 DER, as
 * Google's and Apple's tooling hand them out. Throws for anything else, including other curves.
 */
export function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.startsWith('-----')
    ? createPrivateKey({ key: trimmed, format: 'pem' })
    : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('The private key must be an EC key on P-256 (prime256v1).');
  }
  return key;
}

/** The uncompressed point (65 bytes, 0x04…) of Google's ephemeralPublicKey. */
export function publicKeyFromPoint(point: Buffer): KeyObject {
  if (point.length !== 65 || point[0] !== 0x04)
    throw new WalletTokenError('malformed', 'ephemeral public key is not an uncompressed P-256 point');
  return publicKeyFromSpki(Buffer.concat([P256_SPKI_PREFIX, point]));
}

export function publicKeyFromSpki(der: Buffer): KeyObject {
  try {
    const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
    if (key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('not P-256');
    return key;
  } catch {
    throw new WalletTokenError('malformed', 'public key is not a P-256 SubjectPublicKeyInfo');
  }
}

/** The uncompressed point of a public key (for Google's HKDF input). */
export function pointOf(key: KeyObject): Buffer {
  const der = key.export({ format: 'der', type: 'spki' });
  return der.subarray(der.length - 65);
}

export function sharedSecret(privateKey: KeyObject, publicKey: KeyObject): Buffer {
  try {
    return diffieHellman({ privateKey, publicKey });
  } catch {
    throw new WalletTokenError('wrong-key', 'ECDH failed');
  }
}
