/** The recurring-charges queue on SQS: one message per due run, naming the subscription and the run (no card data). */
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { RecurringChargeMessage, RecurringChargeQueue } from '../../ports/schedules.js';
import { sqsClient } from './aws-clients.js';

export class SqsRecurringChargeQueue implements RecurringChargeQueue {
  constructor(private readonly queueUrl: string | undefined) {}

  async send(messages: RecurringChargeMessage[]): Promise<void> {
    if (!this.queueUrl) throw new Error('RECURRING_QUEUE_URL is not configured');
    for (let i = 0; i < messages.length; i += 10) {
      const batch = messages.slice(i, i + 10);
      const res = await sqsClient().send(
        new SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: batch.map((m, n) => ({ Id: String(n), MessageBody: JSON.stringify(m) })),
        }),
      );
      if (res.Failed?.length) throw new Error(`SQS refused ${res.Failed.length} recurring charge message(s)`);
    }
  }
}

export function parseRecurringChargeMessage(body: string): RecurringChargeMessage {
  const m = JSON.parse(body) as RecurringChargeMessage;
  if (typeof m.scheduleId !== 'string' || typeof m.recurringToken !== 'string' || !Number.isInteger(m.run)) {
    throw new Error('Malformed recurring charge message');
  }
  return m;
}
