/** Email transfer method: the payer confirms with the answer to a security question. */
import { defineBrand } from '../descriptor.js';
import { securityAnswer } from '../fields.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'email_transfer',
  group: 'Email transfer method',
  label: 'Email transfer',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'The payer pushes a transfer from their account; it arrives settled, nothing is held for a later capture.',
  identifier: 'optional',
  parameters: {
    SecurityQuestion: { presence: 'optional', length: { max: 255 } },
    SecurityQuestionAnswer: securityAnswer('required'),
  },
  checkoutPage: true,
});
