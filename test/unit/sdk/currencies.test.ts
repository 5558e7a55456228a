/** The SDK keeps its own copy of the currency formats (it must not depend on the platform): it must match. */
import { describe, expect, it } from 'vitest';
import { currencyCodes, currencyFormat } from '../../../sdk/mobile/src/request/currencies.js';
import { findCurrency } from '../../../shared/domain/money.js';

describe('SDK currency formats', () => {
  it('has every currency the platform takes, with the same wire decimals', () => {
    for (const code of currencyCodes()) {
      const platform = findCurrency(code);
      expect(platform, code).toBeDefined();
      expect(currencyFormat(code)).toEqual({ exponent: platform!.exponent, wireDecimals: platform!.wireDecimals });
    }
    for (const code of ['USD', 'EUR', 'JPY', 'KWD', 'CLF', 'ISK', 'UGX']) expect(currencyFormat(code)).toBeDefined();
  });
});
