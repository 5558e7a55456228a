/** Payout method (CREDIT2VIRTUAL): an e-mail money transfer the payee claims with a security answer. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'etransfer_payout',
  group: 'Payout method',
  flow: 'payout',
  provider: 'sandbox-apm',
  actions: ['CREDIT2VIRTUAL'],
  identifier: 'optional',
  payerNameMax: 60,
  request: {
    payer_first_name: { presence: 'required', doc: 'payer name; first and last name together at most 60 characters' },
    payer_last_name: { presence: 'required', doc: 'payer name; first and last name together at most 60 characters' },
    payer_email: { presence: 'required', length: { min: 2, max: 60 } },
    order_description: { presence: 'required', length: { min: 5, max: 200 } },
  },
  parameters: {
    SecurityQuestion: { presence: 'required', length: { min: 10, max: 40 } },
    SecurityQuestionAnswer: { presence: 'required', length: { min: 3, max: 40 } },
    account_uuid: { presence: 'required', length: { max: 64 }, doc: 'the merchant account at the provider' },
    fee_calculation_method: {
      presence: 'required',
      oneOf: ['account_level', 'transaction_level'],
      doc: 'account_level is the account default',
    },
  },
});
