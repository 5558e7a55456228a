/** Bank transfer with the payer's names required. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'bank_transfer',
  group: 'Bank-transfer method with payer names required',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'The payer pushes a transfer from their account; it arrives settled, nothing is held for a later capture.',
  identifier: 'optional',
  request: {
    payer_first_name: { presence: 'required' },
    payer_last_name: { presence: 'required' },
  },
  parameters: {
    bank_code: { presence: 'required', format: 'swift', doc: 'the bank (BIC)' },
    bank_account_number: { presence: 'required', length: { max: 64 } },
  },
});
