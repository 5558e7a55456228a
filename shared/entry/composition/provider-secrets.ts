/** APM providers' webhook secrets (X-Provider-Signature). */
import { DynamoProviderSecrets } from '../../adapters/aws/dynamo-provider-secrets.js';
import type { ProviderSecretStore } from '../../ports/provider-secrets.js';
import { config } from './core.js';
import { secrets } from './secrets.js';
import { port } from './port.js';

export const providerSecrets: () => ProviderSecretStore = /* @__PURE__ */ port(
  () => new DynamoProviderSecrets(config().TABLE_NAME, secrets()['merchant-secrets']),
);
