/** POST /auth/{token}/3ds — the payer completes the platform's 3-D Secure step. */
import { pageHandler } from '../../shared/entry/http/checkout-page.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CHECKOUT_PAGE_PORTS } from './ports.js';
import { confirmThreeDs } from '../../shared/operations/checkout/page.js';

export const handler = pageHandler('POST /auth/{token}/3ds', composition(CHECKOUT_PAGE_PORTS), (d, token) => confirmThreeDs(d, token));
