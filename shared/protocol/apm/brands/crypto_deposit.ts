/** Crypto deposit method (to a trading account). */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'crypto_deposit',
  group: 'Crypto deposit method',
  flow: 'crypto-address',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'Coins sent to an address: settled on arrival, nothing is held.',
  identifier: 'optional',
  parameters: {
    paymentGatewayName: { presence: 'required', length: { max: 64 } },
    paymentCurrency: { presence: 'required', length: { max: 16 } },
    tradingAccountLogin: { presence: 'optional', length: { max: 64 } },
  },
});
