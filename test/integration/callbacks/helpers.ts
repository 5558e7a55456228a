/** Shared by the callback integration tests: reading what the platform recorded, adding callbacks to a payment. */
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { deps, callbackDeps } from '../../../shared/entry/composition/deps.js';
import { recordCallback } from '../../../shared/domain/callback-factory.js';
import type { CallbackRecord } from '../../../shared/domain/callback.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { s2sCardCallbackFields } from '../../../shared/protocol/s2s-card/callback.js';
import type { ReceivedCallback } from '../../support/merchant-server.js';

export const eventIdOf = (c: ReceivedCallback) => c.headers['x-callback-event-id'] as string;

export async function queueDepth(queueUrl: string): Promise<number> {
  const res = await awsClients().sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return Number(res.Attributes?.ApproximateNumberOfMessages ?? 0) + Number(res.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
}

/**
 * Records further state changes of a payment the way the operations do (payment + callback in one transaction),
 * without sending them to the queue: the test decides when and in which order they are queued.
 */
export async function appendCallbacks(merchant: Merchant, transId: string, actions: string[]): Promise<CallbackRecord[]> {
  const d = deps();
  const out: CallbackRecord[] = [];
  for (const action of actions) {
    const p = (await d.payments.get(transId))!;
    p.version += 1;
    const now = new Date().toISOString();
    const records = recordCallback(
      p,
      merchant,
      s2sCardCallbackFields(p, merchant, { action, result: 'SUCCESS', status: p.status }, now),
      d.newId(),
      now,
    );
    await d.payments.update(p, records);
    out.push(...records);
  }
  return out;
}

export async function callbacksOf(transId: string) {
  return callbackDeps().outbox.forPayment(transId);
}
