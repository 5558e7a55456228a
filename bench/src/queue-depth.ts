/**
 * The callback backlog a load leaves behind, and how long its drain may take on moto. Stock moto's SQS walked the
 * whole queue for every message a receive handed out, so a drain took time quadratic in the backlog
 * (bench/src/sqs-drain.ts, same run: 100 → 282/s, 1000 → 45/s, 2000 → 23/s); through scripts/local/moto-server.py
 * it walks once per receive: 1304/s, 879/s, 687/s. Figures measured with more queued than that are moto's.
 */
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { RunningPlatform } from '../../scripts/local/platform.js';

/** Up to this many queued callbacks moto drains at least two thirds as fast as a short queue (879/s against 1304/s). */
export const MOTO_LINEAR_BACKLOG = 1000;

export interface Backlog {
  /** Callbacks accepted but not yet at the merchant: in the stream, the queue or a delivery attempt. */
  undelivered: number;
  /** The callback queue's own count (visible + in flight), as SQS reports it. */
  queued: number;
}

export async function callbackQueueDepth(platform: RunningPlatform): Promise<number> {
  const sqs = new SQSClient({
    region: platform.env.AWS_REGION,
    endpoint: platform.endpoints.moto,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const res = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: platform.resources.queueUrls.callbacks,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
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
