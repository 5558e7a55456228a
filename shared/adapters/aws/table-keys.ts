/** Key shapes of the single table (see docs/data-model.md). One function per item kind. */

const PAYMENT = 'PAYMENT#';

/** The trans id in a payment's (or its callbacks') pk: payment items do not repeat it (payment-item.ts). */
export const transIdOfKey = (pk: string): string => pk.slice(PAYMENT.length);

export const keys = {
  merchant: (clientKey: string) => ({ pk: `MERCHANT#${clientKey}`, sk: 'PROFILE' }),
  mid: (clientKey: string, midId: string) => ({ pk: `MERCHANT#${clientKey}`, sk: `MID#${midId}` }),
  /** Merchant listing for the admin CLI. */
  merchantListing: (clientKey: string) => ({ gsi1pk: 'MERCHANTS', gsi1sk: clientKey }),
  payment: (transId: string) => ({ pk: `${PAYMENT}${transId}`, sk: 'PAYMENT' }),
  /**
   * A payment's index sort keys are its creation instant: the table key breaks ties (LastEvaluatedKey carries it) and
   * no reader parses them. Items written before 2026-11-24 have `<created>#<trans_id>`, which sorts right after it.
   */
  orderIndex: (clientKey: string, orderId: string, createdAt: string) => ({
    gsi1pk: orderPartition(clientKey, orderId),
    gsi1sk: createdAt,
  }),
  /** A merchant's payments by creation time (admin CLI `payments list`, the reconciler's walk, the console). */
  merchantPayments: (clientKey: string, createdAt: string) => ({ gsi3pk: `PAYMENTS#${clientKey}`, gsi3sk: createdAt }),
  /** A merchant's card payments by the card's last four digits (console search). */
  cardLast4: (clientKey: string, last4: string, createdAt: string) => ({ gsi4pk: `CARD4#${clientKey}#${last4}`, gsi4sk: createdAt }),
  callback: (transId: string, seq: number, eventId: string) => ({
    pk: `PAYMENT#${transId}`,
    sk: `CALLBACK#${String(seq).padStart(6, '0')}#${eventId}`,
  }),
  /** Sparse index entry present while a callback may not have reached the queue yet. */
  outboxEntry: (createdAt: string, eventId: string) => ({ gsi2pk: 'OUTBOX', gsi2sk: `${createdAt}#${eventId}` }),
  /** Sparse index entry present while a payment has a transaction waiting for the acquirer (reconciler's work list). */
  undeterminedEntry: (since: string, transId: string) => ({ gsi2pk: UNDETERMINED, gsi2sk: `${since}#${transId}` }),
  /** Sparse index entry present while an APM payment waits for its provider until a deadline (QR, bank window). */
  apmDeadlineEntry: (deadline: string, transId: string) => ({ gsi2pk: APM_DEADLINE, gsi2sk: `${deadline}#${transId}` }),
  /** Sparse index entry present while a hosted-fields session holds a sealed card (the SealedCardSweeper's list). */
  sealedCardEntry: (cardExpiresAt: string, tokenHash: string) => ({ gsi2pk: SEALED_CARD, gsi2sk: `${cardExpiresAt}#${tokenHash}` }),
  /** How far the reconciler walked a merchant's payments for reservations left without an outcome (reconcile.ts). */
  reconcileWatermark: (clientKey: string) => ({ pk: 'RECONCILER', sk: `WATERMARK#${clientKey}` }),
  idempotency: (key: string) => ({ pk: `IDEMPOTENCY#${key}`, sk: 'REQUEST' }),
  /** The secret payment-creating requests derive their trans ids with (dynamo-payment-ids.ts). */
  paymentIds: { pk: 'PLATFORM', sk: 'PAYMENT_IDS' },
  /** A wallet token id already used (Apple transactionId, Google messageId), until the token expires (TTL). */
  walletToken: (wallet: string, id: string) => ({ pk: `WALLETTOKEN#${wallet}#${id}`, sk: 'TOKEN' }),
  /** An APM provider's webhook secret (sealed with the merchant-secrets key), e.g. PROVIDER#sandbox. */
  providerSecret: (slug: string) => ({ pk: `PROVIDER#${slug}`, sk: 'WEBHOOK_SECRET' }),
  /** Data keys of one purpose (card-data, merchant-secrets, wallet-keys), each wrapped by that purpose's KMS key. */
  dataKey: (purpose: string, id: string) => ({ pk: `DATAKEY#${purpose}`, sk: `KEY#${id}` }),
  activeDataKey: (purpose: string) => ({ pk: `DATAKEY#${purpose}`, sk: 'ACTIVE' }),
  /** Before per-purpose keys: one data key for everything, wrapped by the table key. Read only by the migration. */
  legacyDataKeys: { pk: 'DATAKEY', skPrefix: 'KEY#' },
  /** A merchant's sandbox test clock offset (docs/test-clock.md). */
  testClock: (clientKey: string) => ({ pk: `CLOCK#${clientKey}`, sk: 'TEST_CLOCK' }),
  /** A merchant API key by the SHA-256 of the key (the one read that authenticates a request; docs/merchant-api.md). */
  apiKey: (hash: string) => ({ pk: `APIKEY#${hash}`, sk: 'API_KEY' }),
  /** A merchant's API keys, for listing and revoking (revoked ones stay, marked). */
  apiKeyListing: (clientKey: string, keyId: string) => ({ pk: `APIKEYS#${clientKey}`, sk: `KEY#${keyId}` }),
};

export const UNDETERMINED = 'UNDETERMINED';
export const APM_DEADLINE = 'APM_DEADLINE';
export const SEALED_CARD = 'SEALED_CARD';

export function orderPartition(clientKey: string, orderId: string): string {
  return `ORDER#${clientKey}#${orderId}`;
}
