/** Regional wallet, Vietnam: the payer's identity number, asked on the page when absent. */
import { defineBrand } from '../descriptor.js';
import { personalId } from '../fields.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'wallet_vn',
  group: 'Regional wallet methods, Vietnam, Colombia, Turkey, India (Vietnam)',
  label: 'Wallet (Vietnam)',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: "A payment from the wallet's balance the payer approves: settled at once, nothing is held.",
  identifier: 'optional',
  parameters: { personal_id: personalId() },
  collect: ['personal_id'],
  checkoutPage: true,
});
