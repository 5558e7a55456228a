/** POST /auth/{token}/pay — the payer submits the card form. */
import { pageHandler } from '../../shared/protocol/checkout/page/http.js';
import { submitPayment } from '../../shared/operations/checkout/page.js';

export const handler = pageHandler('POST /auth/{token}/pay', submitPayment);
