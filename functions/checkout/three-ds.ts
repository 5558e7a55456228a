/** POST /auth/{token}/3ds — the payer completes the platform's 3-D Secure step. */
import { pageHandler } from '../../shared/http/checkout-page.js';
import { confirmThreeDs } from '../../shared/operations/checkout/page.js';

export const handler = pageHandler('POST /auth/{token}/3ds', (d, token) => confirmThreeDs(d, token));
