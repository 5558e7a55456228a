/** Regional wallet, Thailand: the paying bank account, checked by the provider against the payer; asked on the page when absent. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'wallet_th',
  group: 'Regional wallet methods, Turkey and Thailand (Thailand)',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: "A payment from the wallet's balance the payer approves: settled at once, nothing is held.",
  identifier: 'optional',
  parameters: {
    orgCode: { presence: 'conditional', length: { max: 32 }, doc: 'bank code' },
    accountName: { presence: 'conditional', length: { min: 1, max: 64 }, equalsPayerName: true, doc: 'must equal the payer name' },
    accountNumber: { presence: 'conditional', length: { max: 64 }, doc: 'the paying account' },
  },
  collect: ['orgCode', 'accountName', 'accountNumber'],
});
