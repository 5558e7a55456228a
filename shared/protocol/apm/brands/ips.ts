/** Instant-payment QR method: a QR code of the payment reference, paid from the payer's banking app. */
import { defineBrand } from '../descriptor.js';

export default /* @__PURE__ */ defineBrand({
  brand: 'ips',
  group: 'Instant-payment QR method',
  label: 'Instant payment (QR)',
  flow: 'qr',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'An instant payment from a QR code: executed at once, nothing is held.',
  currencies: ['EUR', 'RSD', 'BAM', 'MKD'],
  identifier: 'optional',
  parameters: {},
  checkoutPage: true,
});
