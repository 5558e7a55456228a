/**
 * How fast moto's SQS drains a backlog: `npx tsx bench/src/sqs-drain.ts [100 500 1000 2000]`.
 * moto walks every message of the queue on each receive and each delete, so a drain is quadratic in the backlog
 * (measured 2026-11-24: 100 → 221/s, 1000 → 26/s, 2000 → 14/s). Real SQS does not behave like this; it explains
 * why the bench's callback throughput collapses when a long load leaves ~1000 callbacks queued.
 */
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { startMoto } from '../../scripts/local/emulators.js';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const moto = await startMoto();
const sqs = new SQSClient({
  region: 'us-east-1',
  endpoint: moto.endpoint,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
try {
  for (const n of sizes.length ? sizes : [100, 500, 1000]) {
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: `drain-${n}` }));
    for (let i = 0; i < n; i += 10) {
      const entries = Array.from({ length: Math.min(10, n - i) }, (_, j) => ({ Id: String(j), MessageBody: String(i + j) }));
      await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: entries }));
    }
    const started = performance.now();
    let drained = 0;
    while (drained < n) {
      const messages = (await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }))).Messages ?? [];
      if (!messages.length) continue;
      drained += messages.length;
      await sqs.send(
        new DeleteMessageBatchCommand({ QueueUrl, Entries: messages.map((m, j) => ({ Id: String(j), ReceiptHandle: m.ReceiptHandle })) }),
      );
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`${n} messages drained in ${seconds.toFixed(1)} s: ${(n / seconds).toFixed(0)} a second`);
  }
} finally {
  sqs.destroy();
  await moto.stop();
}
