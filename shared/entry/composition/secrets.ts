/** One KMS-sealed secret box per purpose (card-data, merchant-secrets, wallet-keys). */
import { kmsSecretBoxes } from '../../adapters/aws/kms-secret-box.js';
import type { SecretBoxes } from '../../ports/secret-box.js';
import { config } from './core.js';
import { port } from './port.js';

export const secrets: () => SecretBoxes = /* @__PURE__ */ port(() => kmsSecretBoxes(config()));
