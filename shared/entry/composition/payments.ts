import { DynamoPaymentStore } from '../../adapters/aws/dynamo-payment-store.js';
import { DynamoPaymentIds } from '../../adapters/aws/dynamo-payment-ids.js';
import { secrets } from './secrets.js';
import type { PaymentStore } from '../../ports/payment-store.js';
import { config } from './core.js';
import { port } from './port.js';

/** Claim items of the earlier design lived a day (operations/payment/internal/idempotency.ts IDEMPOTENCY_TTL_SECONDS). */
const LEGACY_CLAIM_TTL_MS = 24 * 3600 * 1000;

export const payments: () => PaymentStore = /* @__PURE__ */ port(() => {
  const lockMs = config().IDEMPOTENCY_LOCK_SECONDS * 1000;
  // Payment-creating requests' trans ids are derived under a secret sealed by the card-data box (dynamo-payment-ids.ts).
  const ids = new DynamoPaymentIds(config().TABLE_NAME, () => secrets()['card-data'], LEGACY_CLAIM_TTL_MS + lockMs);
  return new DynamoPaymentStore(config().TABLE_NAME, undefined, lockMs, ids, config().PAYMENT_ITEM_FORM);
});
