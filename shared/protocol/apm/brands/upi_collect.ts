/** UPI method 2: a collect request to the payer's UPI id. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'upi_collect',
  group: 'UPI method 2',
  label: 'UPI Collect',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'A UPI collect request the payer approves: settled when paid, nothing is held.',
  identifier: 'optional',
  parameters: { upi_id: { presence: 'required', length: { max: 255 } } },
  checkoutPage: true,
});
