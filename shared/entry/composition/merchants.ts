import { DynamoMerchantDirectory } from '../../adapters/aws/dynamo-merchant-directory.js';
import type { MerchantDirectory } from '../../ports/merchant-directory.js';
import { config } from './core.js';
import { secrets } from './secrets.js';
import { port } from './port.js';

export const merchants: () => MerchantDirectory = /* @__PURE__ */ port(
  () => new DynamoMerchantDirectory(config().TABLE_NAME, secrets()['merchant-secrets'], config().CONFIG_CACHE_TTL_SECONDS * 1000),
);
