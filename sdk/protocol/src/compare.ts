/**
 * Constant-time comparison of hex digests. Every merchant API checks its request's `hash` with hashMatches, so a
 * wrong hash, a missing one and (through the platform's decoy merchant) an unknown client key all answer alike.
 */

/** Lowercases A-F only: full Unicode lowercasing could make unrelated non-hex text compare equal. */
export const lowerHex = (s: string): string => s.replace(/[A-F]/g, (c) => c.toLowerCase());

const foldHex = (c: number): number => (c >= 0x41 && c <= 0x46 ? c | 0x20 : c);

/**
 * Whether `received` equals the hex digest `expected` (hex case ignored). No early exit: the time taken does not
 * tell how much of a forged value matched. A missing, non-string or differently sized value is just false (the
 * length of a digest is no secret).
 */
export function hashEquals(expected: string, received: unknown): boolean {
  if (typeof received !== 'string' || received.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= foldHex(expected.charCodeAt(i)) ^ foldHex(received.charCodeAt(i));
  return diff === 0;
}

/**
 * The one request-hash check: true when `received` (the request's `hash`, as parsed: possibly absent or not a
 * string) matches the expected digest, or any of them when a request may be signed more than one way. Every
 * candidate is compared, so which one matched does not show in the timing.
 */
export function hashMatches(expected: string | readonly string[], received: unknown): boolean {
  let ok = false;
  for (const candidate of typeof expected === 'string' ? [expected] : expected) if (hashEquals(candidate, received)) ok = true;
  return ok;
}
