/**
 * The one definition of the platform's AWS resources (table, queues, key, bus, schedules).
 * The CDK stacks and the local bootstrap both read this file, so what runs locally is what deploys.
 * Physical names are derived from a prefix: `${stage}` on AWS, a unique prefix per local instance or test file.
 */

export const TABLE = {
  /** Single-table design; see docs/data-model.md. */
  logicalName: 'payments',
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  /**
   * Every write goes to the table's stream: the callbacks a transaction records reach the callback queue from there
   * (OutboxStream), so a request never waits for SQS; the old image too, so the dashboard's counters see what a
   * payment was before, as the ledger does (PaymentChanges). Stream records cost no write units.
   */
  stream: 'NEW_AND_OLD_IMAGES',
  /**
   * Indexes hold keys and what their readers filter or act on, not copies of the items: every item write is copied
   * into each index it appears in, so a full copy doubles its write units. Readers that need the item fetch it by
   * key (shared/adapters/aws/index-items.ts).
   */
  gsis: [
    /**
     * Orders: gsi1pk = ORDER#<client_key>#<order_id>, gsi1sk = <created ISO> (before 2026-11-24: <created ISO>#<trans_id>). Also merchant listings, failed
     * callbacks. Keys only: every reader fetches the items by key, and a payment's status change then costs it nothing.
     */
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'KEYS_ONLY' } },
    /** Work queues kept sparse: OUTBOX (callbacks not yet queued), SCHEDULE_DUE, UNDETERMINED, APM_DEADLINE, SEALED_CARD. */
    {
      indexName: 'gsi2',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      projection: { type: 'INCLUDE', attributes: ['transId', 'eventId', 'seq', 'delivery', 'scheduleId', 'recurringToken', 'nextRun'] },
    },
    /** A merchant's payments, newest first (admin CLI `payments list`): gsi3pk = PAYMENTS#<client_key>, gsi3sk = <created ISO> (earlier items: …#<trans_id>). Also the delivery log. */
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: { type: 'KEYS_ONLY' } },
    /** A merchant's card payments by last four digits (console search): gsi4pk = CARD4#<client_key>#<last4>, gsi4sk = <created ISO> (earlier items: …#<trans_id>). */
    { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk', projection: { type: 'KEYS_ONLY' } },
  ],
} as const;

export interface QueueDefinition {
  logicalName: string;
  /** Seconds a received message stays hidden: longer than the consumer's worst case. */
  visibilityTimeoutSeconds: number;
  /** Receives before SQS moves the message to its dead-letter queue. */
  maxReceiveCount: number;
  retentionDays: number;
}

export const QUEUES = {
  /** Merchant callbacks (outbox → queue → delivery). Retries are driven by ChangeMessageVisibility. */
  callbacks: { logicalName: 'callbacks', visibilityTimeoutSeconds: 60, maxReceiveCount: 8, retentionDays: 14 },
  /** Charges produced by recurring schedules. */
  recurringCharges: { logicalName: 'recurring-charges', visibilityTimeoutSeconds: 60, maxReceiveCount: 5, retentionDays: 14 },
} as const satisfies Record<string, QueueDefinition>;

export type QueueKey = keyof typeof QUEUES;

export const EVENT_BUS = {
  /** Ops staff send events here from the console (source "payments.ops"). */
  logicalName: 'ops',
  opsSource: 'payments.ops',
} as const;

export const KMS_KEY = {
  /**
   * Encrypts the table and queues (through DynamoDB / SQS only). Before per-purpose keys it also wrapped the one
   * legacy data key; that key is copied under each purpose key (migrateLegacyDataKeys) and no function unwraps it.
   */
  alias: 'payments',
} as const;

/**
 * One KMS key per kind of secret, each wrapping its own data keys: a function allowed one purpose cannot open the
 * others, and a ciphertext of one purpose never opens as another (the purpose is in the KMS encryption context and
 * in the AES-GCM additional data).
 */
export const KEY_PURPOSES = ['card-data', 'merchant-secrets', 'wallet-keys'] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

export const PURPOSE_KEYS = {
  'card-data': { alias: 'card-data', description: 'card numbers: card/recurring tokens, 3DS waits, hosted-fields cards' },
  'merchant-secrets': {
    alias: 'merchant-secrets',
    description: "merchant passwords, callback signing secrets and APM providers' webhook secrets",
  },
  'wallet-keys': { alias: 'wallet-keys', description: "merchants' Apple Pay / Google Pay private keys" },
} as const satisfies Record<KeyPurpose, { alias: string; description: string }>;

export function physicalName(prefix: string, logicalName: string): string {
  return `${prefix}-${logicalName}`;
}

export function deadLetterName(prefix: string, logicalName: string): string {
  return `${prefix}-${logicalName}-dlq`;
}

/** The ops-bus detail-type of a payment's deadline wake-up (EventBridge Scheduler one-time schedule → rule). */
export const APM_DEADLINE_DUE = 'ApmDeadlineDue';
