/** Regional method with a document: the page asks for it when absent (not needed in three countries). */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'regional_doc',
  group: 'Regional method with document',
  label: 'Regional payment',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'A local bank payment the payer approves: settled at once, nothing is held.',
  identifier: 'optional',
  parameters: {
    document_number: { presence: 'conditional', length: { max: 64 } },
    document_type: { presence: 'conditional', length: { max: 32 } },
  },
  collect: ['document_number', 'document_type'],
  checkoutPage: true,
});
