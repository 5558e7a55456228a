/**
 * Two-stage alternative methods on the Checkout page (docs/s2s-apm.md "Two-stage methods"): a method that can hold
 * funds (vcard) is held PENDING in an `auth` session and for a merchant whose only MID is DMS; one that cannot
 * (voucher) ends such a payment at the error URL, never as a held payment.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { continueLink, createSession, postPage, returnQuery } from './support.js';

const platform = usePlatform();
let smsDms: Merchant;
let dmsOnly: Merchant;

beforeAll(async () => {
  smsDms = await testMerchant({ mids: [{ paymentMode: 'SMS/DMS' }] });
  dmsOnly = await testMerchant({ mids: [{ paymentMode: 'DMS' }] });
});

const VCARD = { method: 'vcard', identifier: 'success@gmail.com' };
const VOUCHER = { method: 'voucher', identifier: '', 'parameters[pin]': '1234567890123456' };

async function payOnPage(merchant: Merchant, session: Record<string, unknown>, fields: Record<string, string>) {
  const { url, order } = await createSession(platform.url, merchant, session);
  const res = await postPage(`${url}/pay`, fields);
  return { path: new URL(continueLink(res.html)!.href).pathname, paymentId: returnQuery(res.html).payment_id, order };
}
const statusOf = async (paymentId: string | undefined) => (paymentId ? (await deps().payments.get(paymentId))?.status : undefined);

it('vcard in an auth session, and on a DMS-only merchant: held PENDING', async () => {
  for (const [merchant, session] of [
    [smsDms, { auth: true }],
    [dmsOnly, {}],
  ] as const) {
    const paid = await payOnPage(merchant, session, VCARD);
    expect(paid.path).toBe('/success');
    expect(await statusOf(paid.paymentId)).toBe('PENDING');
  }
});

it('voucher in an auth session, and on a DMS-only merchant: the error URL, no payment held', async () => {
  for (const [merchant, session] of [
    [smsDms, { auth: true }],
    [dmsOnly, {}],
  ] as const) {
    const paid = await payOnPage(merchant, session, VOUCHER);
    expect(paid.path).toBe('/error');
    expect(await deps().payments.findByOrder(merchant.clientKey, paid.order.number, 10)).toHaveLength(0);
  }
  // The same voucher in a plain session settles.
  const plain = await payOnPage(smsDms, {}, VOUCHER);
  expect(plain.path).toBe('/success');
  expect(await statusOf(plain.paymentId)).toBe('SETTLED');
});
