/**
 * SQS consumer: delivers recorded callbacks to the merchant (form-encoded POST with a timeout).
 * A 2xx answer counts as delivered; anything else is reported as a batch item failure so SQS retries it.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deps } from '../../shared/deps.js';
import { DynamoCallbackOutbox } from '../../shared/adapters/dynamo-callback-outbox.js';
import type { CallbackMessage } from '../../shared/domain/callback.js';
import { encodeForm } from '../../shared/protocol/form.js';
import { logger } from '../../shared/logger.js';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const { config } = deps();
  const outbox = new DynamoCallbackOutbox(config.TABLE_NAME);
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const msg = JSON.parse(record.body) as CallbackMessage;
    const cb = await outbox.get(msg.transId, msg.seq, msg.eventId);
    if (!cb || cb.delivery === 'DELIVERED') continue;
    const started = performance.now();
    const at = new Date().toISOString();
    try {
      const res = await fetch(cb.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: encodeForm(cb.fields),
        signal: AbortSignal.timeout(config.CALLBACK_TIMEOUT_MS),
      });
      await res.text().catch(() => '');
      const latencyMs = Math.round(performance.now() - started);
      if (res.status >= 200 && res.status < 300) {
        await outbox.markDelivered(cb, { at, httpStatus: res.status, latencyMs });
      } else {
        await outbox.markAttemptFailed(cb, { at, httpStatus: res.status, latencyMs, error: `HTTP ${res.status}` });
        failures.push({ itemIdentifier: record.messageId });
      }
    } catch (err) {
      await outbox.markAttemptFailed(cb, { at, latencyMs: Math.round(performance.now() - started), error: (err as Error).name });
      failures.push({ itemIdentifier: record.messageId });
    }
    logger.info('callback attempt', { transId: cb.transId, eventId: cb.eventId });
  }
  return { batchItemFailures: failures };
}
