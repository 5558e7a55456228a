import { DynamoRiskAdmin } from '../../adapters/aws/dynamo-risk-admin.js';
import type { RiskAdmin } from '../../ports/risk-store.js';
import { config } from './core.js';
import { secrets } from './secrets.js';
import { port } from './port.js';

/** The risk store as the console and the CLI change it (blocklists, thresholds, rules, BINs); the request composes `risk`. */
export const riskAdmin: () => RiskAdmin = /* @__PURE__ */ port(
  () => new DynamoRiskAdmin(config().TABLE_NAME, () => secrets()['card-data']),
);
