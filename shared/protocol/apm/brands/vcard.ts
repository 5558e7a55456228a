/** Test connector: no parameters (any sent are ignored); the identifier chooses the outcome (protocol.md §8). */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'vcard',
  group: 'Test connector',
  label: 'vcard',
  flow: 'direct',
  provider: 'sandbox-apm',
  actions: ['SALE', 'AUTH', 'CREDIT2VIRTUAL', 'DEBIT2VIRTUAL'],
  hold: 'The test connector simulates an authorization and its capture (and release).',
  identifier: 'required',
  parameters: {},
  checkoutPage: true,
  note: 'redirect@gmail.com / redirect-fail@gmail.com: REDIRECT to the method page, then SETTLED / DECLINED; any other identifier is declined',
});
