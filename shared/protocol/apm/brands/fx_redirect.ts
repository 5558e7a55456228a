/** Conversion method: the payer pays in another currency on the provider's page, then returns to return_url. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'fx_redirect',
  group: 'Conversion method',
  label: 'Pay in your currency',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: "A conversion paid on the provider's page: settled at once, nothing is held.",
  identifier: 'optional',
  parameters: { toCurrency: { presence: 'required', format: 'currency', doc: 'ISO 4217 code the payer pays in' } },
  checkoutPage: true,
});
