/**
 * Hosted fields' payment goes through the risk check too (docs/risk.md): a card declined 3 times in an hour is
 * declined on its next payment, answered in the hosted fields' own format, with no acquirer call.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { recordingSandbox, restoreConnectors } from '../../support/connectors.js';
import { testCard } from '../../support/cards.js';
import { createToken, pay, submitCard } from '../hosted-fields/support.js';

const platform = usePlatform();
let merchant: Merchant;
let sandbox: ReturnType<typeof recordingSandbox>;

beforeAll(async () => {
  merchant = await testMerchant();
  sandbox = recordingSandbox();
});
afterAll(async () => {
  restoreConnectors();
});

async function payCard(number: string, expiry: string) {
  const s = await createToken(platform.url, merchant);
  expect((await submitCard(platform.url, s.token, expiry, { card_number: number })).body).toEqual({ result: 'success', message: '' });
  return pay(platform.url, s.token);
}

it('declines a card after 3 declines within the hour, before the acquirer', async () => {
  const number = testCard(1000);
  for (let i = 0; i < 3; i++)
    expect((await payCard(number, '02/38')).body).toMatchObject({ result: 'decline', decline_message: 'Declined by processing.' });
  const calls = sandbox.pay.mock.calls.length;
  const res = await payCard(number, '01/38');
  expect(res.body).toMatchObject({ result: 'decline', decline_message: 'Declined by risk rules.' });
  expect(sandbox.pay.mock.calls.length).toBe(calls);
  expect((await deps().payments.get(res.body.public_id))?.details.risk?.control).toBe('card-velocity');
});
