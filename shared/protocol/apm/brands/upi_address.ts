/** UPI method 3. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'upi_address',
  group: 'UPI method 3',
  label: 'UPI address',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'A UPI transfer the payer approves: settled when paid, nothing is held.',
  identifier: 'optional',
  parameters: { upiAddress: { presence: 'required', length: { max: 255 } } },
  checkoutPage: true,
});
