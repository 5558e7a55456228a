/** Regional wallet, India: the payer's identity number is optional (the India form marks it so). */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'wallet_in',
  group: 'Regional wallet methods, Vietnam, Colombia, Turkey, India (India)',
  label: 'Wallet (India)',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: "A payment from the wallet's balance the payer approves: settled at once, nothing is held.",
  identifier: 'optional',
  parameters: { personal_id: { presence: 'optional', length: { max: 64 }, doc: 'payer identity number' } },
  checkoutPage: true,
});
