/**
 * Hex digests and the HMAC, from @noble/hashes (audited, dependency-free, pure JavaScript: no Node built-in).
 * "SHA256 mode", a per-merchant setting, swaps md5 for sha256; Checkout keeps its outer sha1.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { toBytes, type Bytes } from './php-bytes.js';

export type HashAlgorithm = 'md5' | 'sha256';

const DIGESTS = { md5, sha1, sha256 } as const;

/** Lowercase hex digest of the bytes (a string is taken as its UTF-8 encoding). */
export function hexDigest(algorithm: HashAlgorithm | 'sha1', data: Bytes): string {
  return bytesToHex(DIGESTS[algorithm](toBytes(data)));
}

/** Lowercase hex HMAC-SHA256 of `message` under `secret` (both as UTF-8). */
export function hmacSha256Hex(secret: string, message: Bytes): string {
  return bytesToHex(hmac(sha256, toBytes(secret), toBytes(message)));
}
