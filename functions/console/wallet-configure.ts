/** PUT /console/api/merchants/{clientKey}/wallets/{wallet} — Apple Pay / Google Pay settings; the key is sealed, never returned. */
import { consoleRoute } from '../../shared/http/console.js';
import { configureWallet } from '../../shared/operations/console/wallets.js';

export const handler = consoleRoute('PUT /console/api/merchants/{clientKey}/wallets/{wallet}', async ({ cx, p, params, body }) => ({
  body: { wallet: await configureWallet(cx, p, params.clientKey ?? '', params.wallet ?? '', body) },
}));
