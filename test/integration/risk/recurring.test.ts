/**
 * Merchant-initiated recurring charges pass the merchant's rules and their MID's limits (docs/risk.md "Where it
 * runs"): a RECURRING_SALE a rule blocks, or one over its MID's maximum, is declined before the acquirer; the counters
 * never count it (the payer is not there).
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { runRiskCommand } from '../../../scripts/admin/risk.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { updateMidLimits } from '../../../shared/operations/risk/manage-mid-limits.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { recurringFields, saleFields } from '../../support/s2s.js';
import { recordingSandbox, restoreConnectors } from '../../support/connectors.js';

const platform = usePlatform();
let sandbox: ReturnType<typeof recordingSandbox>;

beforeAll(async () => {
  sandbox = recordingSandbox();
});
afterAll(async () => {
  restoreConnectors();
});

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);

async function chain(m: Merchant) {
  const first = await post(saleFields(m, { recurring_init: 'Y' }));
  expect(first.body).toMatchObject({ result: 'SUCCESS' });
  return { transId: first.body.trans_id as string, token: first.body.recurring_token as string };
}

it('a RECURRING_SALE a rule blocks (a challenge too: no 3DS without the payer) is declined before the acquirer', async () => {
  const m = await testMerchant();
  const pair = await chain(m);
  const path = join(tmpdir(), `risk-recurring-${process.pid}.json`);
  await writeFile(
    path,
    JSON.stringify({
      rules: [
        { name: 'large renewals', match: { minAmount: 10000 }, action: 'block' },
        { name: 'mid: 3DS', match: { minAmount: 5000 }, action: 'challenge' },
      ],
    }),
  );
  await runRiskCommand(['rules', 'set', m.clientKey, '--file', path]);
  const calls = sandbox.pay.mock.calls.length;
  const large = await post(recurringFields(m, pair, { order_amount: '150.00' }));
  expect(large.body).toMatchObject({ action: 'RECURRING_SALE', result: 'DECLINED', decline_reason: 'Declined by risk rules.' });
  expect((await deps().payments.get(large.body.trans_id))?.details.risk).toEqual({
    control: 'rule',
    reason: 'rule "large renewals": block',
  });
  const mid = await post(recurringFields(m, pair, { order_amount: '60.00' }));
  expect((await deps().payments.get(mid.body.trans_id))?.details.risk?.reason).toBe(
    'rule "mid: 3DS": challenge (this payment cannot run 3DS: blocked)',
  );
  expect(sandbox.pay.mock.calls.length).toBe(calls);
  expect((await post(recurringFields(m, pair))).body).toMatchObject({ result: 'SUCCESS' });
});

it("a RECURRING_SALE over its MID's maximum is declined before the acquirer", async () => {
  const m = await testMerchant();
  const pair = await chain(m);
  const mid = (await deps().merchants.get(m.clientKey))!.mids[0]!;
  await updateMidLimits(deps(), m.clientKey, mid.midId, { maxAmount: '20.00' });
  const calls = sandbox.pay.mock.calls.length;
  const over = await post(recurringFields(m, pair, { order_amount: '20.01' }));
  expect(over.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by risk rules.' });
  expect((await deps().payments.get(over.body.trans_id))?.details.risk).toEqual({
    control: 'mid-limit',
    reason: expect.stringContaining('20.01 USD above the maximum 20.00 USD'),
  });
  expect(sandbox.pay.mock.calls.length).toBe(calls);
  expect((await post(recurringFields(m, pair, { order_amount: '20.00' }))).body).toMatchObject({ result: 'SUCCESS' });
});
