/**
 * Admin CLI, wallets group (`npm run admin -- wallets <command>`), dispatched from scripts/admin/cli.ts. Private keys
 * are read from a file, sealed before they are stored, and never printed. See docs/wallets.md.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { deps } from '../../shared/entry/composition/deps.js';
import { setWalletSettings, showWalletSettings } from '../../shared/operations/wallets/configure.js';

export const WALLETS_USAGE = `usage: npm run admin -- wallets <command>
  set CLIENT_KEY --wallet googlepay|applepay --environment TEST|PRODUCTION --private-key-file PATH [--merchant-id ID]
                               (--merchant-id: the Apple Pay merchant identifier, required for applepay)
  show CLIENT_KEY              the merchant's wallets: environment, merchant identifier, public key hash (no key material)

example:
  npm run admin -- wallets set 5b6c… --wallet googlepay --environment TEST --private-key-file ./gpay-key.pem`;

export async function runWalletsCommand(argv: string[]): Promise<unknown> {
  const [cmd, ...args] = argv;
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      wallet: { type: 'string' },
      environment: { type: 'string' },
      'private-key-file': { type: 'string' },
      'merchant-id': { type: 'string' },
    },
  });
  const clientKey = positionals[0];
  if (!clientKey) throw new Error(`CLIENT_KEY is required.\n${WALLETS_USAGE}`);
  const d = deps();
  switch (cmd) {
    case 'set': {
      const file = values['private-key-file'];
      if (!file) throw new Error(`--private-key-file is required.\n${WALLETS_USAGE}`);
      return setWalletSettings(d, {
        clientKey,
        wallet: values.wallet ?? '',
        environment: values.environment ?? '',
        privateKey: readFileSync(file, 'utf8'),
        merchantIdentifier: values['merchant-id'],
      });
    }
    case 'show':
      return showWalletSettings(d, clientKey);
    default:
      throw new Error(WALLETS_USAGE);
  }
}
