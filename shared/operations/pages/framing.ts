/**
 * The payer pages of a payment (Checkout page, 3DS page, APM method page) may be framed only by the origins the
 * payment's merchant configured for embedded checkouts (`checkoutFrameAncestors`); by default by nobody.
 */
import type { Deps } from '../deps.js';
import type { Merchant } from '../../domain/merchant.js';
import { withFraming } from '../../protocol/framing.js';

export function framedFor<T extends { headers: Record<string, string> }>(merchant: Merchant | undefined, page: T): T {
  return { ...page, headers: withFraming(page.headers, merchant?.checkoutFrameAncestors) };
}

export async function framedForMerchantOf<T extends { headers: Record<string, string> }>(
  d: Pick<Deps, 'merchants'>,
  clientKey: string,
  page: T,
): Promise<T> {
  return framedFor((await d.merchants.get(clientKey))?.merchant, page);
}
