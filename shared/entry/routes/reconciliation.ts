import type { ScheduledDefinition } from './types.js';

/** The reconciler: undetermined transactions get their final outcome and callback (docs/reconciliation.md). */
export const reconciliationSchedules: ScheduledDefinition[] = [
  {
    id: 'Reconciler',
    everyMinutes: 5,
    handler: 'functions/reconciliation/run',
    // merchant-secrets opens the merchant password for callback hashes; queue:send:callbacks queues the final callback.
    grants: ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'queue:send:callbacks'],
  },
];
