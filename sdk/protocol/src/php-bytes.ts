/**
 * The PHP string functions the protocol's hashes are defined with (protocol.md §2.0). PHP's strrev and strtoupper
 * work on bytes, so everything here works on the UTF-8 encoding: for non-ASCII input the result is what PHP computes.
 * Uint8Array rather than Node's Buffer, so the same code runs on Node.js, in browsers and on React Native.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';

export type Bytes = string | Uint8Array;

export const toBytes = (v: Bytes): Uint8Array => (typeof v === 'string' ? utf8ToBytes(v) : v);

/** PHP `.`; an optional field the request does not carry is simply left out of the concatenation. */
export function concat(...parts: Array<Bytes | undefined>): Uint8Array {
  const encoded = parts.filter((p): p is Bytes => p !== undefined).map(toBytes);
  const out = new Uint8Array(encoded.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of encoded) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

/** PHP strrev: the bytes of the UTF-8 encoding, reversed. */
export function strrev(value: Bytes): Uint8Array {
  return toBytes(value).slice().reverse();
}

/** PHP 8 strtoupper: only the bytes a-z change. */
export function strtoupper(value: Bytes): Uint8Array {
  const out = toBytes(value).slice();
  for (let i = 0; i < out.length; i++) {
    const b = out[i]!;
    if (b >= 0x61 && b <= 0x7a) out[i] = b - 0x20;
  }
  return out;
}

/** substr(card,0,6) . substr(card,-4): a full, a masked (411111****1111) or a first6+last4 number give the same. */
export function card6_4(cardNumber: string): string {
  return cardNumber.slice(0, 6) + cardNumber.slice(-4);
}
