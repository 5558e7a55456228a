/** Payments made through the public API, as the merchant's backend makes them: what the console then shows. */
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postForm } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';

export async function sale(
  baseUrl: string,
  merchant: Merchant,
  opts: { orderId: string; expMonth?: string },
): Promise<{ trans_id: string; order_id: string; status: string }> {
  const res = await postForm(`${baseUrl}/post`, saleFields(merchant, { order_id: opts.orderId, card_exp_month: opts.expMonth ?? '01' }));
  if (res.status !== 200 || !res.body.trans_id) throw new Error(`SALE failed: ${JSON.stringify(res.body)}`);
  return res.body;
}
