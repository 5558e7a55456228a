/**
 * Ops bus rule target: an operator's schedule event (source "payments.ops"). An event that can never apply (bad
 * detail, unknown ids) is logged and dropped rather than retried; anything else throws so EventBridge retries it.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { deps } from '../../shared/deps.js';
import { applyOpsEvent, OpsEventError } from '../../shared/operations/schedules/ops-events.js';
import { logger } from '../../shared/logger.js';

export async function handler(event: EventBridgeEvent<string, unknown>): Promise<{ applied: boolean; message: string }> {
  const started = performance.now();
  const log = { eventId: event.id, detailType: event['detail-type'] };
  try {
    const message = await applyOpsEvent(deps(), event['detail-type'], event.detail);
    logger.info('ops event applied', { ...log, message, latencyMs: Math.round(performance.now() - started) });
    return { applied: true, message };
  } catch (err) {
    if (!(err instanceof OpsEventError)) throw err;
    logger.error('ops event rejected', { ...log, error: err.message });
    return { applied: false, message: err.message };
  }
}
