/**
 * APM payments through the risk check (docs/risk.md "Where it runs"): the Checkout page's APM payment passes the
 * blocklists and the merchant's rules like S2S APM SALE; S2S APM SALE passes the rules (a `challenge` blocks: an APM
 * runs no 3DS) and its MID's limits; each declined before the provider is asked.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { runRiskCommand } from '../../../scripts/admin/risk.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { updateMidLimits } from '../../../shared/operations/risk/manage-mid-limits.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { recordingApmSandbox, restoreConnectors } from '../../support/connectors.js';
import { apmSale } from '../s2s-apm/support.js';
import { createSession, postPage } from '../checkout/support.js';

const platform = usePlatform();
let provider: ReturnType<typeof recordingApmSandbox>;

beforeAll(async () => {
  provider = recordingApmSandbox();
});
afterAll(async () => {
  restoreConnectors();
});

let files = 0;
async function setRules(m: Merchant, rules: unknown[]) {
  const path = join(tmpdir(), `risk-apm-rules-${process.pid}-${++files}.json`);
  await writeFile(path, JSON.stringify({ rules }));
  await runRiskCommand(['rules', 'set', m.clientKey, '--file', path]);
}
const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post-va`, fields as never);
const lastDeclined = async (m: Merchant) =>
  (await deps().payments.listForMerchant(m.clientKey, { status: 'DECLINED', limit: 1 })).payments[0];

describe("the Checkout page's APM payment", () => {
  it('is declined by a blocklisted e-mail before the provider; another payer pays', async () => {
    const m = await testMerchant();
    await runRiskCommand(['blocklist', 'add', '--type', 'email', '--value', 'tester@example.com', '--merchant', m.clientKey]);
    const calls = provider.pay.mock.calls.length;
    const listed = await createSession(platform.url, m, { customer: { name: 'Tess Ter', email: 'tester@example.com' } });
    expect((await postPage(`${listed.url}/pay`, { method: 'vcard', identifier: 'success@gmail.com' })).html).toContain(
      'Declined by risk rules.',
    );
    expect(provider.pay.mock.calls.length).toBe(calls);
    expect(await lastDeclined(m)).toMatchObject({
      orderId: listed.order.number,
      details: { risk: { control: 'blocklist', reason: 'merchant blocklist email tester@example.com' } },
    });

    const other = await createSession(platform.url, m);
    expect((await postPage(`${other.url}/pay`, { method: 'vcard', identifier: 'success@gmail.com' })).html).toContain('Payment successful');
  });

  it('is declined by a rule on the page, by amount', async () => {
    const m = await testMerchant();
    await setRules(m, [{ name: 'page, large', match: { integrations: ['checkout'], minAmount: 100000 }, action: 'block' }]);
    const calls = provider.pay.mock.calls.length;
    const large = await createSession(platform.url, m, { order: { amount: '1500.00' } });
    expect((await postPage(`${large.url}/pay`, { method: 'vcard', identifier: 'success@gmail.com' })).html).toContain(
      'Declined by risk rules.',
    );
    expect(provider.pay.mock.calls.length).toBe(calls);
    expect((await lastDeclined(m))?.details.risk).toEqual({ control: 'rule', reason: 'rule "page, large": block' });
  });
});

describe('S2S APM SALE', () => {
  it('is declined by a rule naming s2s-apm, and by a challenge rule (no 3DS for an APM)', async () => {
    const m = await testMerchant();
    await setRules(m, [
      { name: 'apm in EUR', match: { integrations: ['s2s-apm'], currencies: ['EUR'] }, action: 'block' },
      { name: 'apm large: 3DS', match: { integrations: ['s2s-apm'], minAmount: 50000 }, action: 'challenge' },
      { name: 'cards only', match: { integrations: ['s2s-card'] }, action: 'block' },
    ]);
    const calls = provider.pay.mock.calls.length;
    const eur = await post(apmSale(m, { order_currency: 'EUR' }));
    expect(eur.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by risk rules.' });
    expect((await deps().payments.get(eur.body.trans_id))?.details.risk).toEqual({ control: 'rule', reason: 'rule "apm in EUR": block' });
    const large = await post(apmSale(m, { order_amount: '600.00' }));
    expect((await deps().payments.get(large.body.trans_id))?.details.risk?.reason).toBe(
      'rule "apm large: 3DS": challenge (this payment cannot run 3DS: blocked)',
    );
    expect(provider.pay.mock.calls.length).toBe(calls);
    expect((await post(apmSale(m))).body).toMatchObject({ result: 'SUCCESS' });
  });

  it("keeps its MID's limits: over the maximum declined; the daily cap taken and given back on a decline", async () => {
    const m = await testMerchant();
    const mid = (await deps().merchants.get(m.clientKey))!.mids[0]!;
    await updateMidLimits(deps(), m.clientKey, mid.midId, { maxAmount: '100.00', dailyCap: '30.00' });
    const calls = provider.pay.mock.calls.length;
    const over = await post(apmSale(m, { order_amount: '100.01' }));
    expect(over.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by risk rules.' });
    expect((await deps().payments.get(over.body.trans_id))?.details.risk).toEqual({
      control: 'mid-limit',
      reason: expect.stringContaining('100.01 USD above the maximum 100.00 USD'),
    });
    expect(provider.pay.mock.calls.length).toBe(calls);
    expect((await post(apmSale(m, { order_amount: '20.00' }))).body).toMatchObject({ result: 'SUCCESS' });
    // A provider's decline gives its amount back; 20 + 10 fills the cap, and the next is refused.
    expect((await post(apmSale(m, { order_amount: '10.00', identifier: 'fail@gmail.com' }))).body).toMatchObject({
      result: 'DECLINED',
      decline_reason: expect.not.stringContaining('risk'),
    });
    expect((await post(apmSale(m, { order_amount: '10.00' }))).body).toMatchObject({ result: 'SUCCESS' });
    const full = await post(apmSale(m, { order_amount: '0.01' }));
    expect((await deps().payments.get(full.body.trans_id))?.details.risk?.reason).toContain('daily cap 30.00 USD reached');
  });
});
