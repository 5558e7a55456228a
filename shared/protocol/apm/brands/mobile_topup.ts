/** Mobile top-up method. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'mobile_topup',
  group: 'Mobile top-up method',
  label: 'Mobile top-up',
  flow: 'direct',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'A top-up delivered at once: nothing is held.',
  identifier: 'optional',
  parameters: { productReceiver: { presence: 'optional', length: { max: 64 }, doc: 'recipient phone or contract number' } },
  checkoutPage: true,
});
