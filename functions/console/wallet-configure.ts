/** PUT /console/api/merchants/{clientKey}/wallets/{wallet} — Apple Pay / Google Pay settings; the key is sealed, never returned. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { WALLET_CONFIGURE_PORTS } from './ports.js';
import { configureWallet } from '../../shared/operations/console/wallets.js';
import type { ConsoleWalletConfigureAnswer } from '../../shared/protocol/console/answers.js';

export const handler = consoleRoute(
  'PUT /console/api/merchants/{clientKey}/wallets/{wallet}',
  { ports: composition(WALLET_CONFIGURE_PORTS) },
  async ({ cx, p, params, body }) => ({
    body: {
      wallet: await configureWallet(cx, p, params.clientKey ?? '', params.wallet ?? '', body),
    } satisfies ConsoleWalletConfigureAnswer,
  }),
);
