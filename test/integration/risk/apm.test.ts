/**
 * S2S APM SALE goes through the blocklists of its payer (docs/risk.md): a listed payer IP range or e-mail is declined
 * in the APM format before the provider is asked; another payer pays.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { runRiskCommand } from '../../../scripts/admin/risk.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { recordingApmSandbox, restoreConnectors } from '../../support/connectors.js';
import { apmSale } from '../s2s-apm/support.js';

const platform = usePlatform();
let merchant: Merchant;
let provider: ReturnType<typeof recordingApmSandbox>;

beforeAll(async () => {
  merchant = await testMerchant();
  provider = recordingApmSandbox();
});
afterAll(async () => {
  restoreConnectors();
});

const post = (fields: Record<string, string>) => postForm(`${platform.url}/post-va`, fields as never);

it('declines an APM SALE from a listed payer IP range before the provider; another address pays', async () => {
  await runRiskCommand(['blocklist', 'add', '--type', 'ip', '--value', '203.0.113.0/28', '--merchant', merchant.clientKey]);
  const calls = provider.pay.mock.calls.length;
  const res = await post(apmSale(merchant, { payer_ip: '203.0.113.9' }) as Record<string, string>);
  expect(res.body).toMatchObject({ action: 'SALE', result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by risk rules.' });
  expect(provider.pay.mock.calls.length).toBe(calls);
  expect((await deps().payments.get(res.body.trans_id))?.details.risk).toEqual({
    control: 'blocklist',
    reason: 'merchant blocklist ip 203.0.113.0/28',
  });

  const other = await post(apmSale(merchant, { payer_ip: '203.0.113.77' }) as Record<string, string>);
  expect(other.body).toMatchObject({ result: 'SUCCESS' });
  expect(provider.pay.mock.calls.length).toBe(calls + 1);
});
