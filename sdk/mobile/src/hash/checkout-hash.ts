/**
 * The Checkout signature (protocol.md §2.3): sha1_hex(md5_hex(strtoupper(f1 . f2 … . PASSWORD))). The outer sha1
 * hashes the md5's hex text. Merchants switched to "SHA256 mode" get sha256 in place of md5.
 * @noble/hashes is audited, dependency-free and pure JavaScript: no Node built-in, no native module.
 */
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { concatUtf8, strtoupper } from './php-bytes.js';

export type HashAlgorithm = 'md5' | 'sha256';

export function checkoutHash(parts: ReadonlyArray<string | undefined>, password: string, algorithm: HashAlgorithm = 'md5'): string {
  const inner = algorithm === 'sha256' ? sha256 : md5;
  const innerHex = bytesToHex(inner(strtoupper(concatUtf8([...parts, password]))));
  return bytesToHex(sha1(utf8ToBytes(innerHex)));
}

/** Compares hex digests without an early exit, so the time taken does not tell how much of a forged hash matched. */
export function hashEquals(expected: string, received: string | undefined): boolean {
  if (typeof received !== 'string' || received.length !== expected.length) return false;
  let diff = 0;
  const a = expected.toLowerCase();
  const b = received.toLowerCase();
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
