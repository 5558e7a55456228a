/** Crypto withdrawal method 2 (CREDIT2CRYPTO), from a trading account. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'crypto_withdraw',
  group: 'Crypto withdrawal method 2',
  flow: 'payout',
  provider: 'sandbox-apm',
  actions: ['CREDIT2CRYPTO'],
  identifier: 'optional',
  parameters: {
    withdrawCurrency: { presence: 'required', length: { max: 16 } },
    address: { presence: 'required', length: { max: 128 } },
    tradingAccountLogin: { presence: 'optional', length: { max: 64 } },
  },
});
