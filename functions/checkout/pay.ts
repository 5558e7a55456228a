/** POST /auth/{token}/pay — the payer submits the card form. */
import { pageHandler } from '../../shared/entry/http/checkout-page.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CHECKOUT_PAGE_PORTS } from './ports.js';
import { submitPayment } from '../../shared/operations/checkout/page.js';

export const handler = pageHandler('POST /auth/{token}/pay', composition(CHECKOUT_PAGE_PORTS), submitPayment);
