/** Apple Pay / Google Pay: each merchant's wallet keys, and the tokens already used (replay guard). */
import { DynamoWalletConfigStore } from '../../adapters/aws/dynamo-wallet-config.js';
import { DynamoWalletTokenReplays } from '../../adapters/aws/dynamo-wallet-token-replays.js';
import type { WalletConfigStore } from '../../ports/wallet-config.js';
import type { WalletTokenReplays } from '../../ports/wallet-token-replays.js';
import { config } from './core.js';
import { port } from './port.js';

export const walletConfigs: () => WalletConfigStore = /* @__PURE__ */ port(() => new DynamoWalletConfigStore(config().TABLE_NAME));
export const walletTokens: () => WalletTokenReplays = /* @__PURE__ */ port(() => new DynamoWalletTokenReplays(config().TABLE_NAME));
