/** A merchant can keep its hosted card fields off other sites: only its listed page origins may embed them. */
import { beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { merchantSettings } from '../../../shared/operations/admin/merchants.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { createToken } from './support.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

const frame = (token: string, origin: string) =>
  fetch(
    `${platform.url}/hosted-fields/frame/card?token=${encodeURIComponent(token)}&origin=${encodeURIComponent(origin)}&channel=abcdefgh12`,
  );

it('lets any origin embed the fields until the merchant lists its own, then only those', async () => {
  const { token } = await createToken(platform.url, merchant);
  expect((await frame(token, 'https://elsewhere.example')).status).toBe(200);

  const current = (await deps().merchants.get(merchant.clientKey))!.merchant;
  await deps().merchants.update(
    merchant.clientKey,
    merchantSettings(current, { hostedFieldsOrigins: ['https://shop.example', 'http://localhost:8080'] }),
  );

  const allowed = await frame(token, 'https://shop.example');
  expect(allowed.status).toBe(200);
  expect(allowed.headers.get('content-security-policy')).toContain('frame-ancestors https://shop.example');
  expect((await frame(token, 'http://localhost:8080')).status).toBe(200);
  const refused = await frame(token, 'https://elsewhere.example');
  expect(refused.status).toBe(403);
  expect(refused.headers.get('content-type')).toMatch(/^text\/html/);

  expect(() => merchantSettings(current, { hostedFieldsOrigins: ['https://shop.example/path'] })).toThrow(ValidationError);
});
