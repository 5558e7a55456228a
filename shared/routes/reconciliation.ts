import type { ScheduledDefinition } from './types.js';

/** The reconciler: undetermined transactions get their final outcome and callback (docs/reconciliation.md). */
export const reconciliationSchedules: ScheduledDefinition[] = [
  {
    id: 'Reconciler',
    everyMinutes: 5,
    handler: 'functions/reconciliation/run',
    // kms:decrypt opens the merchant password for callback hashes; queue:send:callbacks queues the final callback.
    grants: ['table:read', 'table:write', 'kms:decrypt', 'queue:send:callbacks'],
  },
];
