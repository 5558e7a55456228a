/**
 * Moves a merchant's own sandbox test clock through the signed merchant API (docs/test-clock.md), as the merchant
 * would: a test of a time the platform counts (a QR's lifetime, a deadline) moves the clock instead of sleeping.
 */
import { signRequest } from '../../shared/protocol/merchant-api/request-signature.js';
import type { Merchant } from '../../shared/domain/merchant.js';

export type ClockMove = { advance_by: string } | { set: string } | { reset: true };

/**
 * `alreadyPastIsFine`: a `set` the clock refuses because it already reads later than that instant counts as done
 * (the caller needs the clock at or past it).
 */
export async function moveMerchantClock(
  baseUrl: string,
  merchant: Pick<Merchant, 'clientKey' | 'password'>,
  move: ClockMove,
  opts: { alreadyPastIsFine?: boolean } = {},
): Promise<void> {
  const path = '/api/v1/merchant/clock';
  const body = JSON.stringify(move);
  const headers = signRequest(merchant.clientKey, merchant.password, { method: 'POST', path, query: '', body });
  const res = await fetch(baseUrl + path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
  const answer = (await res.json()) as any;
  if (res.status === 200) return;
  if (opts.alreadyPastIsFine && /^set: The clock is already past/.test(answer?.errors?.[0]?.error_message ?? '')) return;
  throw new Error(`clock ${body}: ${res.status} ${JSON.stringify(answer)}`);
}
