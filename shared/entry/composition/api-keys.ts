import { DynamoApiKeys } from '../../adapters/aws/dynamo-api-keys.js';
import type { ApiKeyStore } from '../../ports/api-keys.js';
import { config } from './core.js';
import { port } from './port.js';

/** Merchants' API keys (docs/merchant-api.md "API keys"). */
export const apiKeys: () => ApiKeyStore = /* @__PURE__ */ port(() => new DynamoApiKeys(config().TABLE_NAME));
