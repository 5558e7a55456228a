/** GET /auth/{token} — the payer's payment page (or the 3DS step, or why the link no longer works). */
import { pageHandler } from '../../shared/entry/http/checkout-page.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CHECKOUT_PAGE_VIEW_PORTS } from './ports.js';
import { openPage } from '../../shared/operations/checkout/page.js';

export const handler = pageHandler('GET /auth/{token}', composition(CHECKOUT_PAGE_VIEW_PORTS), (d, token) => openPage(d, token));
