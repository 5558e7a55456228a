/** POST /auth/{token}/cancel — the payer leaves without paying (to cancel_url). */
import { pageHandler } from '../../shared/http/checkout-page.js';
import { cancelPayment } from '../../shared/operations/checkout/page.js';

export const handler = pageHandler('POST /auth/{token}/cancel', (d, token) => cancelPayment(d, token));
