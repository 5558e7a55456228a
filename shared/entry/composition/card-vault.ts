import { DynamoCardVault } from '../../adapters/aws/dynamo-card-vault.js';
import type { CardVault } from '../../ports/card-vault.js';
import { config } from './core.js';
import { secrets } from './secrets.js';
import { port } from './port.js';

export const cardVault: () => CardVault = /* @__PURE__ */ port(() => new DynamoCardVault(config().TABLE_NAME, secrets()['card-data']));
