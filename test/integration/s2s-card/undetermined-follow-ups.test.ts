/**
 * A follow-up the acquirer does not answer: CAPTURE answers UNDEFINED / PENDING (not an error), the attempt stays
 * waiting, and the reconciler later records the acquirer's outcome with its callback (sandbox 08/2038).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform({ RECONCILE_GRACE_SECONDS: '0' });
let merchant: Merchant;
let shop: MerchantServer;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await shop?.close();
});

it('answers an unanswered CAPTURE with UNDEFINED and settles it once the acquirer is asked', async () => {
  const auth = await postForm(`${platform.url}/post`, saleFields(merchant, { auth: 'Y', card_exp_month: '08' }));
  expect(auth.body).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
  const transId = auth.body.trans_id as string;

  const capture = await postForm(`${platform.url}/post`, transIdFields(merchant, 'CAPTURE', transId));
  expect(capture.status).toBe(200);
  expect(capture.body).toMatchObject({ action: 'CAPTURE', result: 'UNDEFINED', status: 'PENDING', trans_id: transId });

  await platform.runScheduled('Reconciler');
  const status = await postForm(`${platform.url}/post`, transIdFields(merchant, 'GET_TRANS_STATUS', transId));
  expect(status.body).toMatchObject({ status: 'SETTLED' });
  const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === transId && c.fields.action === 'CAPTURE'));
  expect(cb.fields).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
});
