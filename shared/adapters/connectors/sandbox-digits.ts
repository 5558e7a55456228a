import { createHash } from 'node:crypto';

/** `n` decimal digits derived from `seed`: the sandboxes' references (RRN, approval code, ARN) repeat for a payment. */
export function sandboxDigits(seed: string, n: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return BigInt(`0x${hex.slice(0, 15)}`)
    .toString()
    .padStart(n, '0')
    .slice(-n);
}
