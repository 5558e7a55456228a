/** Matching a payment against risk rules (operations/risk/rules.ts): country conditions need a known country. */
import { describe, expect, it } from 'vitest';
import { riskRuleCheck, riskRuleMatches } from '../../../shared/operations/risk/rules.js';
import type { RiskFacts } from '../../../shared/domain/risk-rules.js';

const facts: RiskFacts = { amount: 1000, currency: 'USD', brand: 'visa', payerCountry: 'US', integration: 's2s-card', moto: false };

describe('risk rule conditions', () => {
  it('BIN country matches only where the BIN country is known', () => {
    expect(riskRuleMatches({ binCountries: ['US'] }, facts)).toBe(false);
    expect(riskRuleMatches({ binCountries: ['US'] }, { ...facts, binCountry: 'US' })).toBe(true);
    expect(riskRuleMatches({ binCountries: ['US'] }, { ...facts, binCountry: 'DE' })).toBe(false);
  });

  it('payer country differs from BIN country needs both countries', () => {
    expect(riskRuleMatches({ payerCountryDiffersFromBin: true }, facts)).toBe(false);
    expect(riskRuleMatches({ payerCountryDiffersFromBin: false }, facts)).toBe(false);
    expect(riskRuleMatches({ payerCountryDiffersFromBin: true }, { ...facts, binCountry: 'DE' })).toBe(true);
    expect(riskRuleMatches({ payerCountryDiffersFromBin: false }, { ...facts, binCountry: 'US' })).toBe(true);
    expect(riskRuleMatches({ payerCountryDiffersFromBin: true }, { ...facts, binCountry: 'DE', payerCountry: undefined })).toBe(false);
  });

  it('a payer country condition does not match a payment without one', () => {
    expect(riskRuleMatches({ payerCountries: ['US'] }, { ...facts, payerCountry: undefined })).toBe(false);
  });

  it('the first matching rule decides and is named', () => {
    const rules = [
      { name: 'a', match: { currencies: ['EUR'] }, action: 'block' as const },
      { name: 'b', match: { maxAmount: 1000 }, action: 'challenge' as const },
      { name: 'c', match: {}, action: 'block' as const },
    ];
    expect(riskRuleCheck(rules, facts)).toEqual({ control: 'rule', reason: 'rule "b": challenge', action: 'challenge' });
    expect(riskRuleCheck(rules.slice(0, 2), { ...facts, amount: 1001 })).toBeUndefined();
  });
});
