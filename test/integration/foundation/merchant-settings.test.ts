/**
 * Per-merchant settings an operator switches (admin CLI → merchantSettings → MerchantDirectory.update) change what
 * the protocol does for that merchant: required payer fields, callback field groups, the hash algorithm.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deps } from '../../../shared/entry/composition/deps.js';
import { merchantSettings } from '../../../shared/operations/admin/merchants.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import { formula1 } from '../../../shared/protocol/signature.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields } from '../../support/s2s.js';

const platform = usePlatform();
let shop: MerchantServer;

beforeAll(async () => {
  shop = await startMerchantServer();
});
afterAll(async () => {
  await shop?.close();
});

async function configure(clientKey: string, change: Parameters<typeof merchantSettings>[1]) {
  const current = (await deps().merchants.get(clientKey))!.merchant;
  return deps().merchants.update(clientKey, merchantSettings(current, change));
}

describe('merchant settings', () => {
  it('turns callback field groups on and off', async () => {
    const merchant = await testMerchant({ notificationUrl: shop.url });
    const before = await postForm(`${platform.url}/post`, saleFields(merchant));
    const plain = await eventually(() => shop.received.find((c) => c.fields.trans_id === before.body.trans_id));
    expect(plain.fields.payer_first_name).toBeUndefined();
    expect(plain.fields.ARN).toBeDefined();

    await configure(merchant.clientKey, { enableMappings: ['payer'], disableMappings: ['rrnArn'] });
    const after = await postForm(`${platform.url}/post`, saleFields(merchant));
    const mapped = await eventually(() => shop.received.find((c) => c.fields.trans_id === after.body.trans_id));
    expect(mapped.fields).toMatchObject({ payer_first_name: 'John', payer_last_name: 'Doe', payer_email: 'doe@example.com' });
    expect(mapped.fields.ARN).toBeUndefined();
  });

  it('enforces payer fields only when the merchant marks them required', async () => {
    const merchant = await testMerchant();
    const withoutAddress = () =>
      postForm(`${platform.url}/post`, saleFields(merchant, { payer_address: undefined, payer_city: undefined }));
    expect((await withoutAddress()).body.result).toBe('SUCCESS');
    await configure(merchant.clientKey, { requiredPayerFields: ['payer_address', 'payer_city'] });
    const res = await withoutAddress();
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { error_message: string }) => e.error_message)).toEqual(
      expect.arrayContaining(['payer_address: This value should not be blank.', 'payer_city: This value should not be blank.']),
    );
  });

  it('switches the merchant to SHA256 hashes', async () => {
    const merchant = await testMerchant();
    await configure(merchant.clientKey, { hashAlgorithm: 'sha256' });
    const md5 = await postForm(`${platform.url}/post`, saleFields(merchant));
    expect(md5.body.errors?.[0]?.error_message).toBe('hash: Hash is not valid.');
    const sha = saleFields(merchant);
    sha.hash = formula1({ email: 'doe@example.com', password: merchant.password, cardNumber: '4111111111111111' }, 'sha256');
    expect((await postForm(`${platform.url}/post`, sha)).body.result).toBe('SUCCESS');
  });

  it('sets and removes the link-target override, and rejects unknown values with named errors', async () => {
    const merchant = await testMerchant();
    expect((await configure(merchant.clientKey, { linkTarget: '_top', termsCheckbox: true })).linkTarget).toBe('_top');
    const cleared = await configure(merchant.clientKey, { linkTarget: 'none' });
    expect(cleared.linkTarget).toBeUndefined();
    expect(cleared.termsCheckbox).toBe(true);
    const current = (await deps().merchants.get(merchant.clientKey))!.merchant;
    expect(() => merchantSettings(current, { enableMappings: ['nope'], linkTarget: '_new', requiredPayerFields: ['card_number'] })).toThrow(
      ValidationError,
    );
  });
});
