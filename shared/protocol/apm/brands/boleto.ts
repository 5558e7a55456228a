/** One of the spec's "two local methods": the payer's personal ID is required. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'boleto',
  group: 'Two local methods',
  label: 'Boleto',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'A payment slip the payer pays at a bank: settled when paid, nothing is held.',
  identifier: 'optional',
  parameters: { document_number: { presence: 'required', length: { max: 64 }, doc: 'payer personal ID' } },
  checkoutPage: true,
});
