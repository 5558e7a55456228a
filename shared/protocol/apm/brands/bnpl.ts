/** Buy-now-pay-later method 1: the provider scores the buyer on their history with the merchant. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'bnpl',
  group: 'Buy-now-pay-later method 1',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE', 'AUTH'],
  hold: 'A buy-now-pay-later provider approves the purchase and charges the payer when the merchant captures (at shipment).',
  identifier: 'optional',
  parameters: {
    category: { presence: 'required', length: { max: 255 } },
    buyer_registered_since: { presence: 'required', format: 'datetime-utc', doc: 'e.g. 2024-01-31T12:00:00Z' },
    buyer_loyalty_level: {
      presence: 'required',
      number: { integer: true, maxDigits: 9 },
      doc: 'count of earlier successful orders (0 for none)',
    },
  },
});
