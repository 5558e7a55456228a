/** Bank-code transfer, Argentine pesos: the payer transfers within the bank window; CUIL asked on the page. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'bank_code_ars',
  group: 'Bank-code transfer method, ARS',
  label: 'Bank transfer (ARS)',
  flow: 'bank-window',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  currencies: ['ARS'],
  identifier: 'optional',
  parameters: { bank_cuil: { presence: 'optional', pattern: /^\d{11}$/, patternMessage: 'This value should have exactly 11 digits.', doc: 'CUIL' } },
  collect: ['bank_cuil'],
  checkoutPage: true,
});
