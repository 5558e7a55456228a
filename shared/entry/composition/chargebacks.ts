/** A merchant's chargebacks: an index entry written with each (console listing). */
import { DynamoChargebackIndex } from '../../adapters/aws/dynamo-chargeback-index.js';
import type { ChargebackIndex } from '../../ports/chargeback-index.js';
import { config } from './core.js';
import { port } from './port.js';

export const chargebacks: () => ChargebackIndex = /* @__PURE__ */ port(() => new DynamoChargebackIndex(config().TABLE_NAME));
