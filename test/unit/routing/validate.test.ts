/**
 * Reading a routing rules file (shared/operations/routing/validate.ts): the structure first, every problem named by
 * its rule and field; then, once that is right, the MIDs, weights and order.
 */
import { describe, expect, it } from 'vitest';
import type { Mid } from '../../../shared/domain/merchant.js';
import { parseRoutingRules, RoutingRulesError } from '../../../shared/operations/routing/validate.js';

const mids = [
  { midId: 'usd', enabled: true },
  { midId: 'eur', enabled: true },
  { midId: 'off', enabled: false },
] as Mid[];
const one = [{ midId: 'usd' }];

const problems = (file: unknown, opts = {}) => {
  try {
    parseRoutingRules(file, mids, opts);
  } catch (e) {
    expect(e).toBeInstanceOf(RoutingRulesError);
    return (e as RoutingRulesError).problems;
  }
  return [];
};

describe('the structure', () => {
  it('names each field by its rule, MID or entry', () => {
    expect(
      problems(
        {
          rules: [
            {
              name: 'a',
              match: { brand: 'visa', brands: ['dinersclub'], currencies: ['EURO'], integrations: ['api'], moto: 'yes' },
              mids: one,
            },
            { match: { minAmount: 500, maxAmount: 100 }, mids: [{ midId: 'usd', weight: 1.5 }, 'x'] },
            { match: { currencies: [], moto: true, threeDs: true }, mids: [] },
            5,
          ],
          extra: 1,
        },
        { maxAttempts: 9 },
      ),
    ).toEqual([
      'Rule 1 ("a"), "brands", entry 1: unknown card brand "dinersclub" (one of visa, mastercard, amex, discover, jcb, unionpay, unknown).',
      'Rule 1 ("a"), "currencies", entry 1: "EURO" is not an ISO 4217 currency code (three letters).',
      'Rule 1 ("a"): "moto" must be true or false.',
      'Rule 1 ("a"), "integrations", entry 1: unknown integration "api" (one of s2s-card, checkout, hosted-fields).',
      'Rule 1 ("a"), match: unknown field "brand" (known: brands, currencies, minAmount, maxAmount, moto, threeDs, integrations).',
      'Rule 2: can never match: minAmount 500 is greater than maxAmount 100.',
      'Rule 2, MID 1: "weight" must be a whole number from 0 to 100.',
      'Rule 2, MID 2: must be {"midId": "…", "weight": N}.',
      'Rule 3: "currencies" is an empty list: the rule could never match (leave it out to match any).',
      'Rule 3: can never match: a MOTO payment never runs 3DS (moto true with threeDs true).',
      'Rule 3: "mids" must list at least one MID.',
      'Rule 4: must be an object with "match" and "mids".',
      'maxAttempts must be a whole number from 1 to 5.',
      'The file: unknown field "extra" (known: rules, maxAttempts, softDeclines, health).',
    ]);
    expect(problems({ rules: [{ match: { moto: true, threeDs: true }, mids: one }] })).toEqual([
      'Rule 1: can never match: a MOTO payment never runs 3DS (moto true with threeDs true).',
    ]);
    expect(problems({ maxAttempts: 2 })).toEqual(['rules must be a list (an empty list removes all rules).']);
    expect(problems('rules')).toEqual(['The file must hold a JSON object with a "rules" list.']);
  });

  it('reads what it names: trimmed, codes in capitals, names in lower case, one MID weighs 100', () => {
    const file = { rules: [{ name: ' n ', match: { currencies: [' usd '], brands: ['Visa'] }, mids: one }, { mids: [{ midId: 'eur' }] }] };
    expect(parseRoutingRules(file, mids)).toEqual({
      maxAttempts: 2,
      rules: [
        { name: 'n', match: { currencies: ['USD'], brands: ['visa'] }, mids: [{ midId: 'usd', weight: 100 }] },
        { match: {}, mids: [{ midId: 'eur', weight: 100 }] },
      ],
    });
  });
});

describe('once the structure is right', () => {
  it('names MIDs unknown, disabled or twice, weights that do not add up, and rules never reached', () => {
    expect(
      problems({
        rules: [
          { name: 'a', match: { currencies: ['USD'] }, mids: [{ midId: 'nope', weight: 100 }] },
          {
            name: 'b',
            mids: [
              { midId: 'usd', weight: 50 },
              { midId: 'off', weight: 40 },
            ],
          },
          { match: { moto: true }, mids: [{ midId: 'usd', weight: 50 }, { midId: 'usd' }] },
          { match: {}, mids: [{ midId: 'eur', weight: 60 }] },
        ],
      }),
    ).toEqual([
      'Rule 1 ("a"), MID 1: unknown MID "nope" (see: npm run admin -- mids list CLIENT_KEY).',
      'Rule 2 ("b"), MID 2: MID "off" is disabled.',
      'Rule 2 ("b"): the weights add up to 90; they must add up to 100.',
      'Rule 3, MID 2: MID "usd" is listed twice in the same rule; give it one weight.',
      'Rule 3, MID 2: "weight" is required: the rule lists more than one MID.',
      'Rule 4: the weights add up to 60; they must add up to 100.',
      'Rule 3 and later can never match: rule 2 has no conditions and matches every payment (put it last).',
    ]);
  });

  it('are not checked while the structure is wrong', () => {
    expect(problems({ rules: [{ match: { currencies: [] }, mids: [{ midId: 'nope' }] }] })).toEqual([
      'Rule 1: "currencies" is an empty list: the rule could never match (leave it out to match any).',
    ]);
  });
});
