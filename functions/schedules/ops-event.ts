/**
 * Ops events — an operator's schedule event (source "payments.ops", OPS_DETAIL_TYPES). An event that can never apply
 * (bad detail, unknown ids) is logged and dropped rather than retried; anything else throws so EventBridge retries it.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { composition } from '../../shared/entry/composition/compose.js';
import { OPS_EVENT_PORTS } from './ports.js';
import { applyOpsEvent, OpsEventError } from '../../shared/operations/schedules/ops-events.js';
import { logger } from '../../shared/lib/logger.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

const ports = composition(OPS_EVENT_PORTS);

export const handler = lambdaHandler(
  'schedule ops event',
  async (event: EventBridgeEvent<string, unknown>): Promise<{ applied: boolean; message: string }> => {
    try {
      return { applied: true, message: await applyOpsEvent(ports(), event['detail-type'], event.detail) };
    } catch (err) {
      if (!(err instanceof OpsEventError)) throw err;
      logger.error('ops event rejected', { eventId: event.id, detailType: event['detail-type'], error: err.message });
      return { applied: false, message: err.message };
    }
  },
  { summary: (res) => ({ applied: res?.applied, message: res?.message }) },
);
