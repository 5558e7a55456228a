/**
 * Routing rules (docs/routing.md) on the local platform: the first matching rule picks the MID by currency, brand and
 * amount; weights split volume (asserted with a seeded random sequence); follow-ups stay on the payment's MID; a
 * rules file with mistakes is refused with every problem named.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { setRouting, showRouting } from '../../../shared/operations/routing/manage.js';
import { injectRoutingRandom } from '../../../shared/operations/routing/random.js';
import { RoutingRulesError } from '../../../shared/operations/routing/validate.js';
import { RoutingConflictError } from '../../../shared/domain/routing.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';
import { formula1 } from '../../../shared/protocol/signature.js';

const platform = usePlatform();
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;
let merchant: Merchant;
let mid: Record<'usd' | 'eur' | 'mc' | 'big' | 'other', Mid>;

beforeAll(async () => {
  post = (fields) => postForm(`${platform.url}/post`, fields as never);
  merchant = await testMerchant({ mids: ['usd', 'eur', 'mc', 'big', 'other'].map((name) => ({ name })) });
  const { mids } = (await deps().merchants.get(merchant.clientKey))!;
  mid = Object.fromEntries(mids.map((m) => [m.name, m])) as typeof mid;
});
afterEach(() => injectRoutingRandom());

const MASTERCARD = '5555555555554444';
const midOf = async (transId: string) => (await deps().payments.get(transId))!.midId;
const sale = async (overrides: Record<string, string> = {}) => {
  const card = overrides.card_number ?? '4111111111111111';
  const res = await post(
    saleFields(merchant, { ...overrides, hash: formula1({ email: 'doe@example.com', password: merchant.password, cardNumber: card }) }),
  );
  expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  return res.body.trans_id as string;
};
const one = (m: Mid) => [{ midId: m.midId, weight: 100 }];

describe('rules pick the MID', () => {
  beforeAll(async () => {
    await setRouting(deps(), merchant.clientKey, {
      rules: [
        { name: 'large', match: { minAmount: 100_000 }, mids: one(mid.big) },
        { name: 'mastercard', match: { brands: ['mastercard'] }, mids: one(mid.mc) },
        { name: 'euro', match: { currencies: ['EUR'], integrations: ['s2s-card'] }, mids: one(mid.eur) },
        { name: 'rest', match: {}, mids: one(mid.usd) },
      ],
    });
  });

  it('by currency, brand and amount range: the first rule that matches decides', async () => {
    expect(await midOf(await sale({ order_currency: 'EUR' }))).toBe(mid.eur.midId);
    expect(await midOf(await sale({ order_currency: 'USD' }))).toBe(mid.usd.midId);
    expect(await midOf(await sale({ card_number: MASTERCARD, order_currency: 'EUR' }))).toBe(mid.mc.midId);
    // 1000.00 is at the bound (minor units 100000, bounds included); 999.99 is not.
    expect(await midOf(await sale({ card_number: MASTERCARD, order_amount: '1000.00' }))).toBe(mid.big.midId);
    expect(await midOf(await sale({ order_amount: '999.99' }))).toBe(mid.usd.midId);
  });

  it('follow-ups stay on the MID that served the payment, whatever the rules say later', async () => {
    const transId = await sale({ order_currency: 'EUR' });
    await setRouting(deps(), merchant.clientKey, { rules: [{ match: {}, mids: one(mid.other) }] });
    const refund = await post(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '10.00' } }));
    expect(refund.body).toMatchObject({ action: 'CREDITVOID', result: 'ACCEPTED' });
    const payment = (await deps().payments.get(transId))!;
    expect(payment.midId).toBe(mid.eur.midId);
    expect(payment.details.midName).toBe('eur');
    // A new payment follows the new rules.
    expect(await midOf(await sale({ order_currency: 'EUR' }))).toBe(mid.other.midId);
  });
});

describe('weights split volume', () => {
  it('each payment goes to the MID whose share the random draw falls in (30 / 70)', async () => {
    await setRouting(deps(), merchant.clientKey, {
      rules: [
        {
          match: {},
          mids: [
            { midId: mid.usd.midId, weight: 30 },
            { midId: mid.eur.midId, weight: 70 },
          ],
        },
      ],
    });
    const draws = [0.1, 0.5, 0.29, 0.3, 0.99];
    injectRoutingRandom(() => draws.shift()!);
    const served = [];
    for (let i = 0; i < 5; i++) served.push(await midOf(await sale()));
    expect(served).toEqual([mid.usd, mid.eur, mid.usd, mid.eur, mid.eur].map((m) => m.midId));
    expect(draws).toEqual([]);
  });
});

describe('validation', () => {
  const problemsOf = async (rules: unknown, opts = {}) => {
    const err = await setRouting(deps(), merchant.clientKey, rules, opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RoutingRulesError);
    return (err as RoutingRulesError).problems;
  };

  it('names every problem: unknown MID, weights not adding up, a MID twice, a rule that can never match', async () => {
    const before = await showRouting(deps(), merchant.clientKey);
    const problems = await problemsOf({
      rules: [
        { name: 'a', match: { minAmount: 100, maxAmount: 500 }, mids: [{ midId: 'nope', weight: 100 }] },
        {
          name: 'b',
          match: { currencies: ['USD'] },
          mids: [
            { midId: mid.usd.midId, weight: 50 },
            { midId: mid.eur.midId, weight: 40 },
          ],
        },
        {
          name: 'c',
          match: {},
          mids: [
            { midId: mid.usd.midId, weight: 50 },
            { midId: mid.usd.midId, weight: 50 },
          ],
        },
        { name: 'd', match: { brands: ['visa'] }, mids: one(mid.usd) },
      ],
    });
    expect(problems).toEqual([
      'Rule 1 ("a"), MID 1: unknown MID "nope" (see: npm run admin -- mids list CLIENT_KEY).',
      'Rule 2 ("b"): the weights add up to 90; they must add up to 100.',
      'Rule 3 ("c"), MID 2: MID "' + mid.usd.midId + '" is listed twice in the same rule; give it one weight.',
      'Rule 4 and later can never match: rule 3 has no conditions and matches every payment (put it last).',
    ]);
    // Nothing was written.
    expect(await showRouting(deps(), merchant.clientKey)).toEqual(before);
  });

  it('refuses unknown fields, brands, integrations, empty lists, ranges and a max-attempts out of range', async () => {
    const problems = await problemsOf(
      {
        rules: [
          { match: { brand: 'visa', brands: ['dinersclub'], currencies: [], integrations: ['api'] }, mids: one(mid.usd) },
          { name: 'b', match: { minAmount: 500, maxAmount: 100 }, mids: one(mid.usd) },
        ],
      },
      { maxAttempts: 9 },
    );
    expect(problems).toEqual([
      'Rule 1, "brands", entry 1: unknown card brand "dinersclub" (one of visa, mastercard, amex, discover, jcb, unionpay, unknown).',
      'Rule 1: "currencies" is an empty list: the rule could never match (leave it out to match any).',
      'Rule 1, "integrations", entry 1: unknown integration "api" (one of s2s-card, checkout, hosted-fields).',
      'Rule 1, match: unknown field "brand" (known: brands, currencies, minAmount, maxAmount, moto, threeDs, integrations).',
      'Rule 2 ("b"): can never match: minAmount 500 is greater than maxAmount 100.',
      'maxAttempts must be a whole number from 1 to 5.',
    ]);
  });

  it('refuses softDeclines entries that name no reason or say not to try again, each by its place and text', async () => {
    const before = await showRouting(deps(), merchant.clientKey);
    const problems = await problemsOf({
      softDeclines: ['Issuer unavailable', '.', 'Do not try again'],
      rules: [{ match: {}, mids: one(mid.usd) }],
    });
    expect(problems).toEqual([
      'softDeclines, entry 2 ("."): has no letters or digits, so it names no decline reason.',
      'softDeclines, entry 3 ("Do not try again"): says not to try again: such a decline never moves to another MID.',
    ]);
    expect(await showRouting(deps(), merchant.clientKey)).toEqual(before);
  });

  it('writes a new version each time; a write based on an old version is refused', async () => {
    const first = await setRouting(deps(), merchant.clientKey, { rules: [] });
    const second = await setRouting(deps(), merchant.clientKey, { rules: [], maxAttempts: 3 });
    expect(second).toMatchObject({ version: first.version + 1, maxAttempts: 3, rules: [] });
    await expect(deps().merchants.putRouting(merchant.clientKey, { ...first, version: first.version + 1 })).rejects.toBeInstanceOf(
      RoutingConflictError,
    );
    expect(await showRouting(deps(), merchant.clientKey)).toMatchObject({ version: second.version, maxAttempts: 3 });
  });
});
