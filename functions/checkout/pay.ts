/** POST /auth/{token}/pay — the payer submits the card form. */
import { pageHandler } from '../../shared/http/checkout-page.js';
import { submitPayment } from '../../shared/operations/checkout/page.js';

export const handler = pageHandler('POST /auth/{token}/pay', submitPayment);
