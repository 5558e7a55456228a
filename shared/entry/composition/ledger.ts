/** The ledger's journals, fee schedules, and the stream decoder its consumer reads payments' changes with (docs/ledger.md). */
import { DynamoLedger } from '../../adapters/aws/dynamo-ledger.js';
import { DynamoFeeSchedules } from '../../adapters/aws/dynamo-fee-schedules.js';
import { DynamoSettlements } from '../../adapters/aws/dynamo-settlements.js';
import { paymentChanges } from '../../adapters/aws/stream-payments.js';
import type { FeeSchedules, Ledger, PaymentChangeDecoder, Settlements } from '../../ports/ledger.js';
import { config } from './core.js';
import { port } from './port.js';

export const ledger: () => Ledger = /* @__PURE__ */ port(() => new DynamoLedger(config().TABLE_NAME));

export const feeSchedules: () => FeeSchedules = /* @__PURE__ */ port(() => new DynamoFeeSchedules(config().TABLE_NAME));

export const settlements: () => Settlements = /* @__PURE__ */ port(() => new DynamoSettlements(config().TABLE_NAME));

export const ledgerChanges: () => PaymentChangeDecoder = () => paymentChanges;
