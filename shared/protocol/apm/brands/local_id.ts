/**
 * Local method by country. The spec needs personalId for three countries, numeric for one; the countries are not
 * named there, so this platform's choice is AR (digits only), BR and CL (letters allowed) — stated in the docs.
 */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'local_id',
  group: 'Local method by country',
  label: 'Local payment',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'A local bank payment the payer approves: settled at once, nothing is held.',
  identifier: 'optional',
  parameters: {
    personalId: {
      presence: 'conditional',
      when: { payerCountry: ['AR', 'BR', 'CL'] },
      length: { max: 32 },
      pattern: /^[A-Za-z0-9.-]+$/,
      countryPattern: { AR: /^\d+$/ },
      doc: 'digits only when payer_country is AR',
    },
  },
  note: 'personalId must be digits only when payer_country is AR',
  checkoutPage: true,
});
