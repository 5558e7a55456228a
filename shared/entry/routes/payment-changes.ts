import type { StreamConsumerDefinition } from './types.js';

/**
 * The ledger's journals, the dashboard's counters and the APM deadlines' arming, one consumer (functions/streams/payment-changes.ts): a payment's
 * changes reach both jobs in one invocation, and the table's stream keeps two readers a shard (this and the outbox's).
 */
export const paymentChangeStreams: StreamConsumerDefinition[] = [
  {
    id: 'PaymentChanges',
    handler: 'functions/streams/payment-changes',
    batchSize: 500,
    // New payments and every change of a payment (money moved, its outcome), and a callback's changes (its delivery
    // attempts, for the counters; the ledger's decoder skips them). A payment written whole (not reserved first) may
    // be created having moved money.
    insertedKinds: ['payment'],
    modifiedKinds: ['payment', 'callback'],
    windowSeconds: 60,
    // The counters write per batch (one ADD per counter item), so gathering records is what makes them cheap: a
    // payment's reservation, outcome and callback delivery (seconds apart) reach this in one invocation instead of
    // three or four, and a busy stage's batches grow to batchSize. The dashboard's counts and the journals are at
    // most this much later (docs/console.md, docs/ledger.md).
    batchingWindowSeconds: 20,
    failureQueue: true,
    // Its journal and counter items, and the fee schedules it reads (once per batch that moved money). It also arms
    // each new APM deadline's one-time schedule (functions/streams/payment-changes.ts): it reads every payment write.
    grants: ['table:read', 'table:write', 'scheduler:create:apm-deadlines'],
  },
];
