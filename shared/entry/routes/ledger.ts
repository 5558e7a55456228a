import type { ScheduledDefinition } from './types.js';

/** Settlement batches of each merchant's yesterday (docs/ledger.md "Settlements"): closing one twice writes nothing. */
export const ledgerSchedules: ScheduledDefinition[] = [
  { id: 'Settlements', everyMinutes: 60, handler: 'functions/ledger/settle', timeoutSeconds: 300, grants: ['table:read', 'table:write'] },
];
