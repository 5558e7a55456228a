/**
 * The local event-source mapping behaves like Lambda's: successes are deleted, reported failures come back after the
 * visibility timeout, and SQS (moto) moves a message that keeps failing to the dead-letter queue.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { CreateQueueCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { pollQueue, type Poller } from '../../../scripts/local/pollers.js';
import { seen } from '../../fixtures/flaky-consumer.js';
import { eventually } from '../../support/platform.js';

let sqs: SQSClient;
let poller: Poller;
let queueUrl: string;
let dlqUrl: string;

beforeAll(async () => {
  sqs = new SQSClient({
    region: 'eu-west-1',
    endpoint: inject('endpoints').moto,
    credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
    useQueueUrlAsEndpoint: false,
  });
  const id = Math.random().toString(36).slice(2, 8);
  dlqUrl = (await sqs.send(new CreateQueueCommand({ QueueName: `pollers-${id}-dlq` }))).QueueUrl!;
  const dlqArn = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  const queue = await sqs.send(
    new CreateQueueCommand({
      QueueName: `pollers-${id}`,
      Attributes: { VisibilityTimeout: '1', RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: 2 }) },
    }),
  );
  queueUrl = queue.QueueUrl!;
  const queueArn = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }))).Attributes!
    .QueueArn!;
  poller = pollQueue({ sqs, queueUrl, queueArn, handler: 'test/fixtures/flaky-consumer', functionName: 'Flaky', batchSize: 10 });
});
afterAll(async () => {
  await poller?.stop();
  sqs?.destroy();
});

it('deletes successes, redelivers failures and redrives them to the DLQ after maxReceiveCount', async () => {
  await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'ok' }));
  await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'fail' }));

  await eventually(() => seen.filter((s) => s.body === 'fail').length >= 2 || undefined, 20_000);
  const dead = await eventually(async () => {
    const res = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, WaitTimeSeconds: 1 }));
    return res.Messages?.length ? res.Messages : undefined;
  }, 20_000);
  expect(dead.map((m) => m.Body)).toEqual(['fail']);
  expect(seen.filter((s) => s.body === 'ok')).toHaveLength(1);
  expect(seen.filter((s) => s.body === 'fail').map((s) => s.receiveCount)).toEqual([1, 2]);
});
