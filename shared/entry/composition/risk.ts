import { DynamoRiskStore } from '../../adapters/aws/dynamo-risk-store.js';
import type { RiskStore } from '../../ports/risk-store.js';
import { config } from './core.js';
import { secrets } from './secrets.js';
import { port } from './port.js';

/** The risk check's counters and thresholds; its card fingerprint key is sealed by the card-data box. */
export const risk: () => RiskStore = /* @__PURE__ */ port(() => new DynamoRiskStore(config().TABLE_NAME, () => secrets()['card-data']));
