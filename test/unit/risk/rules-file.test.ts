/**
 * Reading a risk rules file (shared/operations/risk/rules-file.ts): the structure first, every problem named by its
 * rule and field; then, once that is right, the names and order.
 */
import { describe, expect, it } from 'vitest';
import { RiskChangeError } from '../../../shared/operations/risk/manage-errors.js';
import { MAX_RULES, parseRiskRules } from '../../../shared/operations/risk/rules-file.js';

const problems = (file: unknown) => {
  try {
    parseRiskRules(file);
  } catch (e) {
    expect(e).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/^The risk rules are not valid:\n {2}- /) });
    return (e as RiskChangeError).problems;
  }
  return [];
};

describe('risk rules files', () => {
  it('name each wrong field by its rule and entry', () => {
    expect(
      problems({
        rules: [
          { name: ' ', match: { minAmount: 500, maxAmount: 100 }, action: 'deny' },
          { name: 'x', match: { currencies: ['EURO'], brands: ['visa', 'diners'], payerCountries: [] }, action: 'block' },
          { name: 'w', match: { moto: 'yes', integrations: ['pos'], country: 'FR' }, action: 'challenge' },
          { name: 'y', match: { binCountries: ['USA'], payerCountryDiffersFromBin: 1 }, action: 'challenge' },
        ],
      }),
    ).toEqual([
      'Rule 1: "name" is required (text): the decision recorded on a payment names its rule.',
      'Rule 1: can never match: minAmount 500 is greater than maxAmount 100.',
      'Rule 1: "action" must be one of block, challenge.',
      'Rule 2 ("x"), "currencies", entry 1: "EURO" is not an ISO 4217 currency code (three letters).',
      'Rule 2 ("x"), "brands", entry 2: unknown card brand "diners" (one of visa, mastercard, amex, discover, jcb, unionpay, unknown).',
      'Rule 2 ("x"): "payerCountries" is an empty list: the rule could never match (leave it out to match any).',
      'Rule 3 ("w"), "integrations", entry 1: unknown integration "pos" (one of s2s-card, checkout, hosted-fields, s2s-apm).',
      'Rule 3 ("w"): "moto" must be true or false.',
      'Rule 3 ("w"), match: unknown field "country" (known: minAmount, maxAmount, currencies, brands, binCountries, payerCountries, payerCountryDiffersFromBin, integrations, moto).',
      'Rule 4 ("y"), "binCountries", entry 1: "USA" is not an ISO 3166-1 alpha-2 country code (two letters).',
      'Rule 4 ("y"): "payerCountryDiffersFromBin" must be true or false.',
    ]);
    const many = Array.from({ length: MAX_RULES + 1 }, (_, i) => ({ name: `r${i}`, match: { moto: true }, action: 'block' }));
    expect(problems({ rules: many })).toEqual([`rules has ${MAX_RULES + 1} rules; at most ${MAX_RULES}.`]);
  });

  it('once the structure is right, name a name used twice and the rules never reached', () => {
    const rule = { name: 'x', match: {}, action: 'block' };
    expect(problems({ rules: [rule, rule, { name: 'y', match: { moto: true }, action: 'block' }] })).toEqual([
      `Rule 2 ("x"): the name is already rule 1's; a decision names its rule, so names must differ.`,
      'Rule 2 and later can never match: rule 1 has no conditions and matches every payment (put it last).',
    ]);
  });

  it('read what they name: names trimmed, codes in capitals, an absent match matching all', () => {
    expect(
      parseRiskRules({
        rules: [
          { name: ' a ', match: { binCountries: ['de'], brands: ['VISA'] }, action: 'block' },
          { name: 'b', action: 'challenge' },
        ],
      }),
    ).toEqual([
      { name: 'a', match: { binCountries: ['DE'], brands: ['visa'] }, action: 'block' },
      { name: 'b', match: {}, action: 'challenge' },
    ]);
  });
});
