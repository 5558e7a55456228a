import { timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of hex digests (hex case ignored); a missing or differently sized value is false. */
export function hexEquals(expected: string, received: string | undefined): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(received.replace(/[A-F]/g, (c) => c.toLowerCase()), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
