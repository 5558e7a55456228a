/** The full PAN and the CVV never reach DynamoDB in clear, whatever the flow (tokens, recurring, 3DS pending). */
import { expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { SANDBOX_CARD, card2cardFields, saleFields } from '../../support/s2s.js';

const platform = usePlatform();

it('stores only sealed PANs and masked cards; the CVV nowhere', async () => {
  const merchant = await testMerchant();
  const post = (f: Record<string, unknown>) => postForm(`${platform.url}/post`, f as never);
  const cvv = '987';
  const token = (await post(saleFields(merchant, { req_token: 'Y', recurring_init: 'Y', card_cvv2: cvv }))).body;
  expect(token.card_token).toBeDefined();
  expect((await post(saleFields(merchant, { card_exp_month: '05', card_cvv2: cvv }))).body.status).toBe('3DS');
  expect((await post(card2cardFields(merchant, { payer_card_cvv2: cvv }))).body.status).toBe('SETTLED');

  const items = (await awsClients().ddb.send(new ScanCommand({ TableName: deps().config.TABLE_NAME }))).Items ?? [];
  const dump = JSON.stringify(items);
  expect(items.filter((i) => i.kind === 'vault').length).toBeGreaterThanOrEqual(3);
  expect(dump).not.toContain(SANDBOX_CARD);
  expect(dump).not.toContain('4601541833776519');
  expect(dump).not.toMatch(new RegExp(`"card_cvv2"|"cvv"|"${cvv}"`));
  expect(dump).toContain('"bin":"411111"');
});
