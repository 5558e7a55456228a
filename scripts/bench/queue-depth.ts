/**
 * The callback backlog a load leaves behind, and how long its drain may take on moto: moto's SQS walks the whole
 * queue on every receive and delete (scripts/bench/sqs-drain.ts: 100 → 221/s, 1000 → 26/s, 2000 → 14/s), so a
 * drain takes time quadratic in the backlog. Figures measured past a few hundred queued callbacks are moto's.
 */
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { RunningPlatform } from '../local/platform.js';

/** Above this many queued callbacks moto's drain rate falls off (~120/s at 300 queued, 46/s at 500). */
export const MOTO_LINEAR_BACKLOG = 300;

export interface Backlog {
  /** Callbacks accepted but not yet at the merchant: in the stream, the queue or a delivery attempt. */
  undelivered: number;
  /** The callback queue's own count (visible + in flight), as SQS reports it. */
  queued: number;
}

export async function callbackQueueDepth(platform: RunningPlatform): Promise<number> {
  const sqs = new SQSClient({ region: platform.env.AWS_REGION, endpoint: platform.endpoints.moto, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const res = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: platform.resources.queueUrls.callbacks, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
    );
    return Number(res.Attributes?.ApproximateNumberOfMessages ?? 0) + Number(res.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
  } finally {
    sqs.destroy();
  }
}

/**
 * How long to wait for `backlog` callbacks on moto: a minute, plus per callback 0.2 s (the platform's delivery at
 * worst) and the quadratic walk (backlog / 5000 s each: ~3× what sqs-drain.ts measured for moto alone).
 */
export function drainBoundMs(backlog: number): number {
  return (60 + backlog * (0.2 + backlog / 5000)) * 1000;
}
