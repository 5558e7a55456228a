/**
 * The byte-level PHP string functions the protocol's hashes are defined with: PHP's strrev and strtoupper work on
 * the bytes of the UTF-8 encoding, so non-ASCII values hash exactly as the platform computes them.
 */
import { createHash } from 'node:crypto';

/** "SHA256 mode" (a per-merchant setting) swaps md5 for sha256; Checkout keeps its outer sha1. */
export type HashAlgorithm = 'md5' | 'sha256';

type Bytes = string | Buffer;

const bytes = (v: Bytes): Buffer => (typeof v === 'string' ? Buffer.from(v, 'utf8') : v);

/** PHP `.`; an optional field the request does not carry is left out of the concatenation. */
export function concat(...parts: Array<Bytes | undefined>): Buffer {
  return Buffer.concat(parts.filter((p): p is Bytes => p !== undefined).map(bytes));
}

/** PHP strrev: the bytes reversed. */
export function strrev(value: Bytes): Buffer {
  return Buffer.from(bytes(value)).reverse();
}

/** PHP 8 strtoupper: only a-z change. */
export function strtoupper(value: Bytes): Buffer {
  const out = Buffer.from(bytes(value));
  for (let i = 0; i < out.length; i++) {
    const b = out[i]!;
    if (b >= 0x61 && b <= 0x7a) out[i] = b - 0x20;
  }
  return out;
}

export function hexDigest(algorithm: HashAlgorithm | 'sha1', data: Bytes): string {
  return createHash(algorithm).update(bytes(data)).digest('hex');
}

/** substr(card,0,6) . substr(card,-4); a masked card (411111****1111) or first6+last4 gives the same. */
export function card6_4(card: string): string {
  return card.slice(0, 6) + card.slice(-4);
}
