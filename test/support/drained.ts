/**
 * Conditions for checking that nothing more happened ("no duplicate callback", "no second charge"). Instead of a
 * pause that a busy machine can outrun, wait until the platform holds nothing in flight that could still produce it,
 * then count: a duplicate on its way is then already there to be counted, however slow the machine.
 */
import { GetQueueAttributesCommand, GetQueueUrlCommand } from '@aws-sdk/client-sqs';
import type { RunningPlatform } from '../../scripts/local/platform.js';
import { awsClients } from '../../shared/adapters/aws/aws-clients.js';
import { callbackDeps } from '../../shared/entry/composition/deps.js';
import type { QueueKey } from '../../shared/lib/resources.js';
import { eventually } from './platform.js';

/** Messages in the queue: waiting, delayed, or received and not yet deleted (a consumer still working on them). */
export async function queueDepth(queueUrl: string): Promise<number> {
  const res = await awsClients().sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
    }),
  );
  const a = res.Attributes ?? {};
  return (
    Number(a.ApproximateNumberOfMessages ?? 0) +
    Number(a.ApproximateNumberOfMessagesNotVisible ?? 0) +
    Number(a.ApproximateNumberOfMessagesDelayed ?? 0)
  );
}

/** Resolves once the platform's queue is empty, in flight included: every message sent to it was consumed. */
export async function queueDrained(platform: Pick<RunningPlatform, 'resources'>, queue: QueueKey, timeoutMs?: number): Promise<void> {
  await eventually(async () => ((await queueDepth(platform.resources.queueUrls[queue])) === 0 ? true : undefined), timeoutMs);
}

/**
 * Resolves once the ops-bus events for `functionId` (a route's id, e.g. ChargebackReceived) were all consumed: the
 * local platform gives each ops-event handler its own queue, `<prefix>-ops-<id>` (scripts/local/platform.ts).
 */
export async function opsEventsDrained(
  platform: Pick<RunningPlatform, 'resources'>,
  functionId: string,
  timeoutMs?: number,
): Promise<void> {
  const prefix = platform.resources.tableName.replace(/-payments$/, '');
  const { QueueUrl } = await awsClients().sqs.send(new GetQueueUrlCommand({ QueueName: `${prefix}-ops-${functionId}` }));
  await eventually(async () => ((await queueDepth(QueueUrl!)) === 0 ? true : undefined), timeoutMs);
}

/**
 * Resolves once every callback stored for these payments is answered (delivered or failed, no consumer holding it)
 * and the callbacks queue is drained: nothing is left that could still POST one of them again.
 */
export async function callbacksSettled(
  platform: Pick<RunningPlatform, 'resources'>,
  transIds: string[],
  timeoutMs?: number,
): Promise<void> {
  await eventually(async () => {
    for (const transId of transIds) {
      const stored = await callbackDeps().outbox.forPayment(transId);
      if (
        stored.some((c) => c.delivery === 'PENDING' || c.delivery === 'HELD' || (c.leaseUntil && c.leaseUntil > new Date().toISOString()))
      )
        return undefined;
    }
    return (await queueDepth(platform.resources.queueUrls.callbacks)) === 0 ? true : undefined;
  }, timeoutMs);
}
