/** CallbackQueue on SQS: the message carries only a pointer to the outbox item (no payment data in the queue). */
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { CallbackMessage, CallbackRecord } from '../domain/callback.js';
import type { CallbackQueue } from '../ports/callback-queue.js';
import { awsClients } from './aws-clients.js';

export class SqsCallbackQueue implements CallbackQueue {
  constructor(private readonly queueUrl: string) {}

  async enqueue(records: CallbackRecord[]): Promise<void> {
    for (let i = 0; i < records.length; i += 10) {
      const batch = records.slice(i, i + 10);
      const res = await awsClients().sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: batch.map((r, n) => ({
            Id: String(n),
            MessageBody: JSON.stringify({ transId: r.transId, eventId: r.eventId, seq: r.seq } satisfies CallbackMessage),
          })),
        }),
      );
      if (res.Failed?.length) throw new Error(`SQS refused ${res.Failed.length} callback message(s)`);
    }
  }
}
