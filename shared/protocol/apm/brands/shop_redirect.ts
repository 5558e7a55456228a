/**
 * Redirect method with product data. Which sub-provider needs which product field is not carried by the spec, so
 * every field is checked when sent and none is enforced.
 */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'shop_redirect',
  group: 'Redirect method with product data',
  label: 'Shop payment',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: "The payer pays on the provider's page: settled at once, nothing is held.",
  identifier: 'optional',
  parameters: {
    product_reference_id: { presence: 'conditional', length: { max: 64 } },
    product_name: { presence: 'conditional', length: { max: 255 } },
    product_quantity: { presence: 'conditional', number: { maxDigits: 4, integer: true } },
    product_sku: { presence: 'conditional', length: { max: 255 } },
    product_category: { presence: 'conditional', length: { max: 255 } },
    product_url: { presence: 'conditional', length: { max: 255 } },
    product_image_url: { presence: 'conditional', length: { max: 255 } },
    product_type: { presence: 'conditional', length: { max: 255 } },
  },
  checkoutPage: true,
});
