/** Buy-now-pay-later method 2, with the cart's amounts and product. */
import { defineBrand } from '../descriptor.js';

const amount = { presence: 'required', number: { maxDigits: 13 } } as const;

export default /* @__PURE__ */ defineBrand({
  brand: 'bnpl_cart',
  group: 'Buy-now-pay-later method 2',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE', 'AUTH'],
  hold: 'A buy-now-pay-later provider approves the purchase and charges the payer when the merchant captures (at shipment).',
  identifier: 'optional',
  parameters: {
    shipping_amount: amount,
    tax_amount: amount,
    product_reference_id: { presence: 'required', length: { max: 64 } },
    product_type: { presence: 'required', length: { max: 255 } },
    product_sku: { presence: 'required', length: { max: 255 } },
    product_amount: amount,
  },
});
