/** Voucher method: the payer pays with a 16-character voucher PIN (a secret: parameters are never stored). */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'voucher',
  group: 'Voucher method',
  label: 'Voucher',
  flow: 'direct',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: "Redeeming the PIN spends the voucher's value at once: nothing is held.",
  identifier: 'optional',
  parameters: { pin: { presence: 'required', length: { exact: 16 }, doc: 'voucher PIN' } },
  checkoutPage: true,
});
