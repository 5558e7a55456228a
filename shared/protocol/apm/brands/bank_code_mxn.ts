/** Bank-code transfer, Mexican pesos: the payer transfers within the bank window; CURP asked on the page. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'bank_code_mxn',
  group: 'Bank-code transfer method, MXN',
  label: 'Bank transfer (MXN)',
  flow: 'bank-window',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'A bank transfer the payer makes within the window; it arrives settled, nothing is held for a later capture.',
  currencies: ['MXN'],
  identifier: 'optional',
  parameters: {
    // The spec gives no length: letters and digits, either case; the provider gets it in capitals.
    bank_curp: {
      presence: 'optional',
      length: { max: 64 },
      pattern: /^[A-Za-z0-9]+$/,
      normalize: (v) => v.toUpperCase(),
      doc: 'CURP, letters and digits',
    },
  },
  collect: ['bank_curp'],
  checkoutPage: true,
});
