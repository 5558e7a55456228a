/**
 * Risk rules per merchant through the public endpoints (docs/risk.md "Rules per merchant"): set and shown with the
 * admin CLI (every problem of a file named), each condition kind, `block` before any acquirer call, `challenge` as a
 * 3DS step where the flow can run one and a block where it cannot; the decision names the rule.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRiskCommand } from '../../../scripts/admin/risk.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { injectConnector, recordingSandbox, restoreConnectors } from '../../support/connectors.js';
import { testCard } from '../../support/cards.js';
import { card, createSession, postPage } from '../checkout/support.js';
import { createToken, pay as payHosted, submitCard } from '../hosted-fields/support.js';

const platform = usePlatform();
let sandbox: ReturnType<typeof recordingSandbox>;

beforeAll(async () => {
  sandbox = recordingSandbox();
});
afterAll(async () => {
  restoreConnectors();
});

const risk = (...argv: string[]) => runRiskCommand(argv) as Promise<any>;
let files = 0;
async function setRules(m: Merchant, file: unknown) {
  const path = join(tmpdir(), `risk-rules-${process.pid}-${++files}.json`);
  await writeFile(path, JSON.stringify(file));
  return risk('rules', 'set', m.clientKey, '--file', path);
}
const pay = (m: Merchant, overrides: Record<string, string> = {}) => postForm(`${platform.url}/post`, saleFields(m, overrides));

async function expectBlocked(m: Merchant, overrides: Record<string, string>, rule: string) {
  const calls = sandbox.pay.mock.calls.length;
  const res = await pay(m, overrides);
  expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by risk rules.' });
  expect(sandbox.pay.mock.calls.length).toBe(calls);
  expect((await deps().payments.get(res.body.trans_id))?.details.risk).toEqual({
    control: 'rule',
    reason: expect.stringContaining(`rule "${rule}"`),
  });
}

async function expectPays(m: Merchant, overrides: Record<string, string> = {}) {
  expect((await pay(m, overrides)).body).toMatchObject({ result: 'SUCCESS' });
}

describe('risk rules set and shown', () => {
  it('names every problem of a file and writes nothing: its structure, then its names and order', async () => {
    const m = await testMerchant();
    const bad = {
      rules: [
        { match: { minAmount: 500, maxAmount: 100 }, action: 'deny' },
        {
          name: 'x',
          match: {
            currencies: ['EURO'],
            brands: ['visa', 'diners'],
            payerCountries: [],
            integrations: ['pos'],
            moto: 'yes',
            country: 'FR',
          },
          action: 'block',
        },
        { name: 'after all', match: { binCountries: ['USA'] }, action: 'challenge' },
      ],
    };
    const err = await setRules(m, bad).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    const text = (err as Error).message;
    for (const problem of [
      'Rule 1: "name" is required',
      'Rule 1: "action" must be one of block, challenge.',
      'Rule 1: can never match: minAmount 500 is greater than maxAmount 100.',
      'Rule 2 ("x"), "currencies", entry 1: "EURO" is not an ISO 4217 currency code',
      'Rule 2 ("x"), "brands", entry 2: unknown card brand "diners"',
      'Rule 2 ("x"): "payerCountries" is an empty list',
      'Rule 2 ("x"), "integrations", entry 1: unknown integration "pos"',
      'Rule 2 ("x"): "moto" must be true or false.',
      'Rule 2 ("x"), match: unknown field "country"',
      'Rule 3 ("after all"), "binCountries", entry 1: "USA" is not an ISO 3166-1 alpha-2 country code',
    ]) {
      expect(text).toContain(problem);
    }
    const twice = {
      rules: [
        { name: 'x', match: {}, action: 'block' },
        { name: 'x', match: { moto: true }, action: 'block' },
      ],
    };
    const names = ((await setRules(m, twice).catch((e: Error) => e)) as Error).message;
    expect(names).toContain('Rule 2 ("x"): the name is already rule 1\'s');
    expect(names).toContain('Rule 2 and later can never match: rule 1 has no conditions');
    expect(await risk('rules', 'show', m.clientKey)).toEqual({ clientKey: m.clientKey, rules: [] });
  });

  it('stores a valid file, shows it, and an empty list removes the rules', async () => {
    const m = await testMerchant();
    const rules = [{ name: 'no JPY', match: { currencies: ['jpy'] }, action: 'block' }];
    await setRules(m, { rules });
    expect(await risk('rules', 'show', m.clientKey)).toMatchObject({
      rules: [{ name: 'no JPY', match: { currencies: ['JPY'] }, action: 'block' }],
    });
    await setRules(m, { rules: [] });
    expect((await risk('rules', 'show', m.clientKey)).rules).toEqual([]);
  });
});

describe('block: each condition kind on S2S CARD SALE', () => {
  it('amount range (bounds included)', async () => {
    const m = await testMerchant();
    await setRules(m, { rules: [{ name: 'mid tickets', match: { minAmount: 5000, maxAmount: 10000 }, action: 'block' }] });
    await expectBlocked(m, { order_amount: '50.00' }, 'mid tickets');
    await expectBlocked(m, { order_amount: '100.00' }, 'mid tickets');
    await expectPays(m, { order_amount: '49.99' });
    await expectPays(m, { order_amount: '100.01' });
  });

  it('currency', async () => {
    const m = await testMerchant();
    await setRules(m, { rules: [{ name: 'no euro', match: { currencies: ['EUR'] }, action: 'block' }] });
    await expectBlocked(m, { order_currency: 'EUR' }, 'no euro');
    await expectPays(m, { order_currency: 'USD' });
  });

  it('card brand', async () => {
    const m = await testMerchant();
    await setRules(m, { rules: [{ name: 'no mastercard', match: { brands: ['mastercard'] }, action: 'block' }] });
    await expectBlocked(m, { card_number: '5555555555554444' }, 'no mastercard');
    await expectPays(m);
  });

  it('payer country', async () => {
    const m = await testMerchant();
    await setRules(m, { rules: [{ name: 'not from FR', match: { payerCountries: ['FR'] }, action: 'block' }] });
    await expectBlocked(m, { payer_country: 'FR' }, 'not from FR');
    await expectPays(m, { payer_country: 'US' });
  });

  it('integration', async () => {
    const m = await testMerchant();
    await setRules(m, { rules: [{ name: 'no S2S', match: { integrations: ['s2s-card'] }, action: 'block' }] });
    await expectBlocked(m, {}, 'no S2S');
    await setRules(m, { rules: [{ name: 'page only', match: { integrations: ['checkout'] }, action: 'block' }] });
    await expectPays(m);
  });

  it('MOTO', async () => {
    const m = await testMerchant({ mids: [{ moto: true }] });
    await setRules(m, { rules: [{ name: 'no phone orders', match: { moto: true }, action: 'block' }] });
    await expectBlocked(m, { moto_type: 'phone_moto' }, 'no phone orders');
    await expectPays(m, { moto_type: 'ecommerce' });
  });

  it('BIN country: a card whose BIN has no imported country matches no BIN-country condition', async () => {
    const m = await testMerchant();
    await setRules(m, {
      rules: [
        { name: 'US cards', match: { binCountries: ['US'] }, action: 'block' },
        { name: 'abroad', match: { payerCountryDiffersFromBin: true }, action: 'block' },
        { name: 'at home', match: { payerCountryDiffersFromBin: false }, action: 'block' },
      ],
    });
    await expectPays(m, { payer_country: 'US', card_number: testCard(88_000_000_001) });
  });

  it('the first matching rule decides, in the file order (counted cards too, not only test cards)', async () => {
    const m = await testMerchant();
    await setRules(m, {
      rules: [
        { name: 'big', match: { minAmount: 100000 }, action: 'block' },
        { name: 'euro', match: { currencies: ['EUR'] }, action: 'block' },
      ],
    });
    await expectBlocked(m, { order_amount: '2000.00', order_currency: 'EUR', card_number: testCard(7100) }, 'big');
    await expectBlocked(m, { order_amount: '20.00', order_currency: 'EUR', card_number: testCard(7101) }, 'euro');
    await expectPays(m, { order_amount: '20.00', order_currency: 'USD', card_number: testCard(7102) });
  });
});

describe('challenge', () => {
  it('runs 3DS where the flow can: the acquirer is asked to challenge, the payer gets the 3DS step', async () => {
    const m = await testMerchant();
    await setRules(m, { rules: [{ name: 'large: 3DS', match: { minAmount: 50000 }, action: 'challenge' }] });
    const calls = sandbox.pay.mock.calls.length;
    const res = await pay(m, { order_amount: '600.00' });
    expect(res.body).toMatchObject({ result: 'REDIRECT', status: '3DS', redirect_url: expect.any(String) });
    expect(sandbox.pay.mock.calls.length).toBe(calls + 1);
    expect(sandbox.pay.mock.calls.at(-1)![0]).toMatchObject({ requestChallenge: true });
    expect((await deps().payments.get(res.body.trans_id))?.details.risk).toEqual({
      control: 'rule',
      reason: 'rule "large: 3DS": challenge',
    });
    // The payer passes the step: the payment is approved, the decision still on it.
    const done = await fetch(`${platform.url}/threeds/${res.body.trans_id}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ PaReq: res.body.redirect_params.PaReq }).toString(),
    });
    expect(done.status).toBeLessThan(400);
    const settled = await eventually(async () => {
      const p = await deps().payments.get(res.body.trans_id);
      return p?.status === 'SETTLED' ? p : undefined;
    });
    expect(settled.details.risk).toEqual({ control: 'rule', reason: 'rule "large: 3DS": challenge' });
    // A smaller payment matches no rule and pays without a step.
    await expectPays(m, { order_amount: '10.00' });
    expect(sandbox.pay.mock.calls.at(-1)![0].requestChallenge).toBeUndefined();
  });

  it("blocks where the MID's connector cannot challenge on request", async () => {
    const m = await testMerchant();
    await setRules(m, { rules: [{ name: 'all: 3DS', match: {}, action: 'challenge' }] });
    injectConnector({ ...sandbox, canRequestChallenge: false });
    try {
      await expectBlocked(m, {}, 'all: 3DS');
    } finally {
      injectConnector(sandbox);
    }
  });

  it('blocks where the flow cannot run 3DS (MOTO)', async () => {
    const m = await testMerchant({ mids: [{ moto: true }] });
    await setRules(m, { rules: [{ name: 'phone: 3DS', match: { moto: true }, action: 'challenge' }] });
    await expectBlocked(m, { moto_type: 'phone_moto' }, 'phone: 3DS');
    const declined = (await deps().payments.listForMerchant(m.clientKey, { status: 'DECLINED', limit: 1 })).payments[0];
    expect(declined?.details.risk?.reason).toBe('rule "phone: 3DS": challenge (this payment cannot run 3DS: blocked)');
  });
});

it('blocks on the Checkout page before any acquirer call', async () => {
  const m = await testMerchant();
  await setRules(m, { rules: [{ name: 'page, large', match: { integrations: ['checkout'], minAmount: 100000 }, action: 'block' }] });
  const calls = sandbox.pay.mock.calls.length;
  const { url, order } = await createSession(platform.url, m, { order: { amount: '1500.00' } });
  const page = await postPage(`${url}/pay`, card('01/38'));
  expect(page.html).toContain('Declined by risk rules.');
  expect(sandbox.pay.mock.calls.length).toBe(calls);
  const { payments } = await deps().payments.listForMerchant(m.clientKey, { status: 'DECLINED', limit: 1 });
  expect(payments[0]).toMatchObject({ orderId: order.number, details: { risk: { control: 'rule', reason: 'rule "page, large": block' } } });

  const small = await createSession(platform.url, m);
  expect((await postPage(`${small.url}/pay`, card('01/38'))).html).toContain('Payment successful');
});

it('tells hosted fields from the other integrations', async () => {
  const m = await testMerchant();
  await setRules(m, { rules: [{ name: 'fields only', match: { integrations: ['hosted-fields'] }, action: 'block' }] });
  const calls = sandbox.pay.mock.calls.length;
  const s = await createToken(platform.url, m);
  expect((await submitCard(platform.url, s.token, '01/38')).body).toEqual({ result: 'success', message: '' });
  expect((await payHosted(platform.url, s.token)).body).toMatchObject({ result: 'decline', decline_message: 'Declined by risk rules.' });
  expect(sandbox.pay.mock.calls.length).toBe(calls);
  await expectPays(m);
});
