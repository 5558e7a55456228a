/** SMS transfer method: same rules as the email transfer, the answer optional. */
import { defineBrand } from '../descriptor.js';
import { securityAnswer } from '../fields.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'sms_transfer',
  group: 'SMS transfer method',
  label: 'SMS transfer',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'The payer pushes a transfer from their account; it arrives settled, nothing is held for a later capture.',
  identifier: 'optional',
  parameters: {
    SecurityQuestion: { presence: 'optional', length: { max: 255 } },
    SecurityQuestionAnswer: securityAnswer('optional'),
  },
  checkoutPage: true,
});
