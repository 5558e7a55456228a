/**
 * PAYMENT_ITEM_FORM=full (shared/lib/config.ts): while a stage deployed before the compact form (commit d46709d) is
 * upgraded, payment items are written with everything the earlier code reads (transId, the payer's field names as
 * the protocol spells them, every history date), and the platform reads them as it reads its compact items.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { keys } from '../../../shared/adapters/aws/table-keys.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform({ PAYMENT_ITEM_FORM: 'full' });
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant({ mids: [{ paymentMode: 'SMS/DMS' }] });
});

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const raw = async (transId: string) =>
  (
    await awsClients().ddb.send(
      new GetCommand({ TableName: platform.resources.tableName, Key: keys.payment(transId), ConsistentRead: true }),
    )
  ).Item!;

it('writes the full form, which reads, answers and takes a follow-up like the compact one', async () => {
  const sale = await post(saleFields(merchant));
  expect(sale.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  const transId = sale.body.trans_id as string;
  const item = await raw(transId);
  expect(item.transId).toBe(transId);
  expect(item.details.payer).toMatchObject({ payer_first_name: 'John', payer_email: 'doe@example.com', payer_ip: '123.123.123.123' });
  expect(item.history.every((h: { date?: string }) => typeof h.date === 'string')).toBe(true);

  const status = await post(transIdFields(merchant, 'GET_TRANS_STATUS', transId));
  expect(status.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', trans_id: transId });
  const refund = await post(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '1.00' } }));
  expect(refund.body).toMatchObject({ action: 'CREDITVOID', result: 'ACCEPTED' });
  const after = await raw(transId);
  expect(after.transId).toBe(transId);
  expect(Object.keys(after.details.payer).every((name) => name.startsWith('payer_'))).toBe(true);
});
