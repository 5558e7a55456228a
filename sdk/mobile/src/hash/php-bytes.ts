/**
 * The byte-level PHP string functions the protocol's hashes are defined with (protocol.md §2.0), on Uint8Array
 * so the core runs where Node's Buffer does not (React Native's Hermes, browsers).
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** PHP `.` over UTF-8 encodings; absent optional fields are simply left out, as the protocol says. */
export function concatUtf8(parts: ReadonlyArray<string | undefined>): Uint8Array {
  const encoded = parts.filter((p): p is string => p !== undefined).map((p) => utf8ToBytes(p));
  const out = new Uint8Array(encoded.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of encoded) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

/** PHP 8 strtoupper: only the bytes a-z change, so non-ASCII text hashes as the platform computes it. */
export function strtoupper(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  for (let i = 0; i < out.length; i++) {
    const b = out[i]!;
    if (b >= 0x61 && b <= 0x7a) out[i] = b - 0x20;
  }
  return out;
}
