import { DynamoPaymentStore } from '../adapters/dynamo-payment-store.js';
import type { PaymentStore } from '../ports/payment-store.js';
import { config } from './core.js';
import { port } from './port.js';

export const payments: () => PaymentStore = /* @__PURE__ */ port(
  () => new DynamoPaymentStore(config().TABLE_NAME, undefined, config().IDEMPOTENCY_LOCK_SECONDS * 1000),
);
