/** Mobile-money method. The narrative file is used only when both its name and content are sent. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'mobile_money',
  group: 'Mobile-money method',
  label: 'Mobile money',
  flow: 'direct',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: "A push payment from the payer's mobile-money account: settled at once, nothing is held.",
  identifier: 'optional',
  parameters: {
    AccountProviderCode: { presence: 'optional', length: { max: 64 } },
    NarrativeFileName: { presence: 'optional', length: { max: 255 } },
    NarrativeFileBase64: { presence: 'optional', format: 'base64', doc: 'file content, base64' },
    ProviderReferenceText: { presence: 'optional', length: { max: 255 } },
  },
  together: [['NarrativeFileName', 'NarrativeFileBase64']],
  checkoutPage: true,
});
