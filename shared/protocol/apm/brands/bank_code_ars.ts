/** Bank-code transfer, Argentine pesos: the payer transfers within the bank window; CUIL asked on the page. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'bank_code_ars',
  group: 'Bank-code transfer method, ARS',
  label: 'Bank transfer (ARS)',
  flow: 'bank-window',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'A bank transfer the payer makes within the window; it arrives settled, nothing is held for a later capture.',
  currencies: ['ARS'],
  identifier: 'optional',
  parameters: {
    // Written with or without its hyphens (20-12345678-3); the provider gets the 11 digits.
    bank_cuil: {
      presence: 'optional',
      pattern: /^\d{2}-?\d{8}-?\d$/,
      patternMessage: 'This value should have exactly 11 digits.',
      normalize: (v) => v.replaceAll('-', ''),
      doc: 'CUIL, 11 digits, hyphens allowed (20-12345678-3)',
    },
  },
  collect: ['bank_cuil'],
  checkoutPage: true,
});
