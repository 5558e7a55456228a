/** POST /auth/{token}/cancel — the payer leaves without paying (to cancel_url). */
import { pageHandler } from '../../shared/entry/http/checkout-page.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CHECKOUT_PAGE_VIEW_PORTS } from './ports.js';
import { cancelPayment } from '../../shared/operations/checkout/page.js';

export const handler = pageHandler('POST /auth/{token}/cancel', composition(CHECKOUT_PAGE_VIEW_PORTS), (d, token) =>
  cancelPayment(d, token),
);
