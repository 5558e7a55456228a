/** Bank-code transfer, Mexican pesos: the payer transfers within the bank window; CURP asked on the page. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'bank_code_mxn',
  group: 'Bank-code transfer method, MXN',
  label: 'Bank transfer (MXN)',
  flow: 'bank-window',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  currencies: ['MXN'],
  identifier: 'optional',
  parameters: { bank_curp: { presence: 'optional', pattern: /^[A-Z0-9]{18}$/, patternMessage: 'This value should have exactly 18 letters or digits.', doc: 'CURP' } },
  collect: ['bank_curp'],
  checkoutPage: true,
});
