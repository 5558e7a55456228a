/**
 * Ops bus rule target: "Chargeback Received" (source "payments.ops"). An event that can never apply (bad detail,
 * unknown payment, refused by a rule) is logged and dropped; anything else throws so EventBridge retries it.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { deps } from '../../shared/deps.js';
import { applyChargebackEvent, ChargebackEventError } from '../../shared/operations/chargebacks/ops-event.js';
import { logger } from '../../shared/logger.js';

export async function handler(event: EventBridgeEvent<string, unknown>): Promise<{ applied: boolean; result?: Record<string, unknown>; message?: string }> {
  const started = performance.now();
  const log = { eventId: event.id, detailType: event['detail-type'] };
  try {
    const result = await applyChargebackEvent(deps(), event.detail);
    logger.info('chargeback recorded', { ...log, transId: result.trans_id, duplicate: result.duplicate, latencyMs: Math.round(performance.now() - started) });
    return { applied: true, result };
  } catch (err) {
    if (!(err instanceof ChargebackEventError)) throw err;
    logger.error('chargeback event rejected', { ...log, error: err.message });
    return { applied: false, message: err.message };
  }
}
