import type { ScheduledDefinition, StreamConsumerDefinition } from './types.js';

export const ledgerStreams: StreamConsumerDefinition[] = [
  {
    id: 'LedgerJournals',
    handler: 'functions/ledger/journal-stream',
    batchSize: 100,
    // Every payment write: money moves on an outcome or a follow-up's, and a payment written whole (not reserved
    // first) may be created having moved it.
    insertedKinds: ['payment'],
    modifiedKinds: ['payment'],
    // Its writes are per journal, not per batch: the window only saves invocations at low volume.
    batchingWindowSeconds: 20,
    failureQueue: true,
    // Its journal items, and the fee schedules it reads (once per batch that moved money).
    grants: ['table:read', 'table:write'],
  },
];

/** Settlement batches of each merchant's yesterday (docs/ledger.md "Settlements"): closing one twice writes nothing. */
export const ledgerSchedules: ScheduledDefinition[] = [
  { id: 'Settlements', everyMinutes: 60, handler: 'functions/ledger/settle', timeoutSeconds: 300, grants: ['table:read', 'table:write'] },
];
