/**
 * Ops event Chargeback Received — from the ops bus (source "payments.ops"). An event that can never apply (bad detail,
 * unknown payment, refused by a rule) is logged and dropped; anything else throws so EventBridge retries it.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { composition } from '../../shared/entry/composition/compose.js';
import { CHARGEBACK_PORTS } from './ports.js';
import { applyChargebackEvent, ChargebackEventError } from '../../shared/operations/chargebacks/ops-event.js';
import { logger } from '../../shared/lib/logger.js';
import { noteIds } from '../../shared/lib/telemetry.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

const ports = composition(CHARGEBACK_PORTS);

export const handler = lambdaHandler(
  'chargeback event',
  async (event: EventBridgeEvent<string, unknown>): Promise<{ applied: boolean; result?: Record<string, unknown>; message?: string }> => {
    try {
      const result = await applyChargebackEvent(ports(), event.detail);
      noteIds({ trans_id: typeof result.trans_id === 'string' ? result.trans_id : undefined });
      return { applied: true, result };
    } catch (err) {
      if (!(err instanceof ChargebackEventError)) throw err;
      logger.error('chargeback event rejected', { eventId: event.id, detailType: event['detail-type'], error: err.message });
      return { applied: false, message: err.message };
    }
  },
  { summary: (res) => ({ applied: res?.applied, duplicate: res?.result?.duplicate }) },
);
