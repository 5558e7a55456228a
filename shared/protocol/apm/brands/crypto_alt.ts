/** Crypto method 2. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'crypto_alt',
  group: 'Crypto method 2',
  flow: 'crypto-address',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'Coins sent to an address: settled on arrival, nothing is held.',
  identifier: 'optional',
  parameters: { cryptoCurrency: { presence: 'required', length: { max: 16 } } },
});
