/** Crypto withdrawal method 1 (CREDIT2CRYPTO). */
import { defineBrand } from '../descriptor.js';
import { CRYPTO_CURRENCIES, CRYPTO_NETWORKS } from '../fields.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'crypto_payout',
  group: 'Crypto withdrawal method 1',
  flow: 'payout',
  provider: 'sandbox-apm',
  actions: ['CREDIT2CRYPTO'],
  identifier: 'optional',
  parameters: {
    address: { presence: 'required', length: { max: 128 }, doc: 'wallet address' },
    currency: { presence: 'required', oneOf: CRYPTO_CURRENCIES },
    network: { presence: 'required', oneOf: CRYPTO_NETWORKS },
  },
});
