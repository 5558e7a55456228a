/**
 * Ops bus rule target: an operator's schedule event (source "payments.ops"). An event that can never apply (bad
 * detail, unknown ids) is logged and dropped rather than retried; anything else throws so EventBridge retries it.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { deps } from '../../shared/deps.js';
import { applyOpsEvent, OpsEventError } from '../../shared/operations/schedules/ops-events.js';
import { logger } from '../../shared/logger.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

export const handler = lambdaHandler(
  'schedule ops event',
  async (event: EventBridgeEvent<string, unknown>): Promise<{ applied: boolean; message: string }> => {
    try {
      return { applied: true, message: await applyOpsEvent(deps(), event['detail-type'], event.detail) };
    } catch (err) {
      if (!(err instanceof OpsEventError)) throw err;
      logger.error('ops event rejected', { eventId: event.id, detailType: event['detail-type'], error: err.message });
      return { applied: false, message: err.message };
    }
  },
  { summary: (res) => ({ applied: res?.applied, message: res?.message }) },
);
