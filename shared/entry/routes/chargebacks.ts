import type { OpsEventDefinition } from './types.js';
import { CHARGEBACK_RECEIVED } from '../../operations/chargebacks/ops-event.js';

/** Chargebacks reported by the acquirer, as ops events on the ops bus (docs/chargebacks.md). */
export const chargebackOpsEvents: OpsEventDefinition[] = [
  {
    id: 'ChargebackReceived',
    detailTypes: [CHARGEBACK_RECEIVED],
    handler: 'functions/chargebacks/ops-event',
    // merchant-secrets opens the merchant password for the callback hash; queue:send:callbacks queues the callback.
    grants: ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'queue:send:callbacks'],
  },
];
