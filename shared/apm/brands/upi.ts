/** UPI method 1: personal_id for India, asked on the page when absent. */
import { defineBrand } from '../descriptor.js';
import { personalId } from '../fields.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'upi',
  group: 'UPI method 1',
  label: 'UPI',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  identifier: 'optional',
  parameters: { personal_id: personalId() },
  collect: ['personal_id'],
  checkoutPage: true,
});
