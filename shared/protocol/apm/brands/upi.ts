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
  hold: 'A UPI transfer the payer approves: settled when paid, nothing is held.',
  identifier: 'optional',
  // The spec: conditional for India, collected on the page when absent — so asked of Indian payers only.
  parameters: { personal_id: { ...personalId(), when: { payerCountry: ['IN'] } } },
  collect: ['personal_id'],
  checkoutPage: true,
});
