/**
 * The callback queue on SQS. A message carries only a pointer to the outbox item (no payment data in the queue).
 * Standard queue: order within a payment is kept by the consumer (it holds callback N until N-1 is delivered),
 * retries by ChangeMessageVisibility, dead-lettering by the queue's redrive policy.
 */
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import type { CallbackMessage } from '../../domain/callback.js';
import type { CallbackQueueControl, DeadLetter } from '../../ports/callbacks.js';
import { MAX_DELAY_SECONDS } from '../../protocol/callbacks/delivery-policy.js';
import { sqsClient } from './aws-clients.js';

export class SqsCallbackQueue implements CallbackQueueControl {
  private dlqUrl?: Promise<string>;

  constructor(
    private readonly queueUrl: string,
    private readonly deadLetterQueueUrl?: string,
  ) {}

  async send(messages: CallbackMessage[]): Promise<void> {
    for (let i = 0; i < messages.length; i += 10) {
      const batch = messages.slice(i, i + 10);
      const res = await sqsClient().send(
        new SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: batch.map((m, n) => ({
            Id: String(n),
            MessageBody: JSON.stringify(pointer(m)),
          })),
        }),
      );
      if (res.Failed?.length) throw new Error(`SQS refused ${res.Failed.length} callback message(s)`);
    }
  }

  async sendLater(message: CallbackMessage, seconds: number, stepsBefore: number): Promise<void> {
    await sqsClient().send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify({ ...pointer(message), ...(stepsBefore > 0 ? { stepsBefore } : {}) }),
        DelaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil(seconds))),
      }),
    );
  }

  async deadLetter(message: CallbackMessage): Promise<void> {
    await sqsClient().send(new SendMessageCommand({ QueueUrl: await this.deadLetters(), MessageBody: JSON.stringify(pointer(message)) }));
  }

  async retryAfter(receiptHandle: string, seconds: number): Promise<void> {
    await sqsClient().send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: this.queueUrl,
        ReceiptHandle: receiptHandle,
        VisibilityTimeout: Math.max(0, Math.round(seconds)),
      }),
    );
  }

  async receiveDeadLetters(max: number): Promise<DeadLetter[]> {
    const res = await sqsClient().send(
      new ReceiveMessageCommand({
        QueueUrl: await this.deadLetters(),
        MaxNumberOfMessages: Math.min(10, max),
        WaitTimeSeconds: 0,
        VisibilityTimeout: 60,
      }),
    );
    return (res.Messages ?? []).map((m) => ({ messageId: m.MessageId!, receiptHandle: m.ReceiptHandle!, message: parseMessage(m.Body) }));
  }

  async deleteDeadLetter(receiptHandle: string): Promise<void> {
    await sqsClient().send(new DeleteMessageCommand({ QueueUrl: await this.deadLetters(), ReceiptHandle: receiptHandle }));
  }

  async returnDeadLetter(receiptHandle: string): Promise<void> {
    await sqsClient().send(
      new ChangeMessageVisibilityCommand({ QueueUrl: await this.deadLetters(), ReceiptHandle: receiptHandle, VisibilityTimeout: 0 }),
    );
  }

  /** The DLQ named by the queue's redrive policy, unless configured. */
  private deadLetters(): Promise<string> {
    this.dlqUrl ??= this.deadLetterQueueUrl ? Promise.resolve(this.deadLetterQueueUrl) : this.findDeadLetterQueue();
    return this.dlqUrl;
  }

  private async findDeadLetterQueue(): Promise<string> {
    const sqs = sqsClient();
    const attrs = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: this.queueUrl, AttributeNames: ['RedrivePolicy'] }));
    const arn = attrs.Attributes?.RedrivePolicy
      ? (JSON.parse(attrs.Attributes.RedrivePolicy) as { deadLetterTargetArn?: string }).deadLetterTargetArn
      : undefined;
    if (!arn) throw new Error('The callback queue has no redrive policy (dead-letter queue)');
    const [, , , , account, name] = arn.split(':');
    const res = await sqs.send(new GetQueueUrlCommand({ QueueName: name!, QueueOwnerAWSAccountId: account }));
    return res.QueueUrl!;
  }
}

function pointer(m: CallbackMessage): CallbackMessage {
  return { transId: m.transId, eventId: m.eventId, seq: m.seq };
}

/** The steps a callback took before this message (sendLater); 0 for a message of its first step. */
export function stepsBeforeOf(body: string | undefined): number {
  try {
    const n = (JSON.parse(body ?? '') as { stepsBefore?: unknown }).stepsBefore;
    return Number.isInteger(n) && (n as number) > 0 ? (n as number) : 0;
  } catch {
    return 0;
  }
}

export function parseMessage(body: string | undefined): CallbackMessage | undefined {
  try {
    const m = JSON.parse(body ?? '') as Partial<CallbackMessage>;
    if (typeof m.transId === 'string' && typeof m.eventId === 'string' && Number.isInteger(m.seq) && (m.seq as number) > 0) {
      return { transId: m.transId, eventId: m.eventId, seq: m.seq as number };
    }
  } catch {
    /* not JSON */
  }
  return undefined;
}
