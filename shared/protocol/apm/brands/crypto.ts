/** Crypto method 1: the payer pays to an address in the chosen coin. */
import { defineBrand } from '../descriptor.js';
import { CRYPTO_CURRENCIES } from '../fields.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'crypto',
  group: 'Crypto method 1',
  flow: 'crypto-address',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'Coins sent to an address: settled on arrival, nothing is held.',
  identifier: 'optional',
  parameters: { payment_currency: { presence: 'required', oneOf: CRYPTO_CURRENCIES } },
});
