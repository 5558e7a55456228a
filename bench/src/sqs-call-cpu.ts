/**
 * `npx tsx bench/src/sqs-call-cpu.ts [--calls 300]`: node CPU per SQS call against moto, the calls of the
 * callback path: the stream consumer's SendMessageBatch, and the receive and DeleteMessageBatch that Lambda's
 * event-source mapping makes on AWS (locally scripts/local/pollers.ts, in the platform's process, so in the bench's
 * CPU figures). Calls are made one at a time, as each poller and each consumer makes them. moto answers every
 * request with `Connection: close`, so each call also pays a TCP connect and close that a kept connection to AWS
 * would not.
 */
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { parseArgs } from 'node:util';
import { startMoto } from '../../scripts/local/emulators.js';
import { sdkClientOptions } from '../../shared/adapters/aws/sdk-client-options.js';
import { sqsMappingCalls } from '../../scripts/local/sqs-mapping-calls.js';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '300' } } });
const callCount = Number(values.calls);
const moto = await startMoto();
const sqs = new SQSClient({
  ...sdkClientOptions(),
  region: 'us-east-1',
  endpoint: moto.endpoint,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  useQueueUrlAsEndpoint: false,
});
const cpuOf = async (n: number, call: () => Promise<unknown>) => {
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) await call();
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / n;
};
try {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: `cpu-${Date.now()}` }));
  const body = JSON.stringify({ transId: '0c3cb374-0cdb-4f7b-97ed-17508e588a60', eventId: '46849c6a-fff0-4c4c-a445-33368a9c77aa', seq: 1 });
  for (const size of [1, 10]) {
    const entries = () => Array.from({ length: size }, (_, j) => ({ Id: String(j), MessageBody: body }));
    const send = await cpuOf(callCount, () => sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: entries() })));
    let handles: string[] = [];
    const receive = await cpuOf(callCount, async () => {
      const res = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: size, WaitTimeSeconds: 0, MessageSystemAttributeNames: ['All'] }),
      );
      handles.push(...(res.Messages ?? []).map((m) => m.ReceiptHandle!));
    });
    const batches: string[][] = [];
    while (handles.length) batches.push(handles.splice(0, size));
    const del = await cpuOf(batches.length, () =>
      sqs.send(new DeleteMessageBatchCommand({ QueueUrl, Entries: batches.shift()!.map((h, j) => ({ Id: String(j), ReceiptHandle: h })) })),
    );
    handles = [];
    // The local event source's own calls (scripts/local/sqs-mapping-calls.ts): the same receive and delete, no SDK.
    const mapping = sqsMappingCalls(sqs, QueueUrl!);
    for (let i = 0; i < callCount; i++) await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: entries() }));
    const rawReceive = await cpuOf(callCount, async () =>
      handles.push(
        ...(await mapping.receive({ QueueUrl: QueueUrl!, MaxNumberOfMessages: size, WaitTimeSeconds: 0 })).map((m) => m.ReceiptHandle!),
      ),
    );
    const rawBatches: string[][] = [];
    while (handles.length) rawBatches.push(handles.splice(0, size));
    const rawDel = await cpuOf(rawBatches.length, () => mapping.deleteBatch(QueueUrl!, rawBatches.shift()!));
    console.log(
      `batch of ${String(size).padStart(2)}: the local mapping's plain requests: ReceiveMessage ${rawReceive.toFixed(3)} ms, DeleteMessageBatch ${rawDel.toFixed(3)} ms node CPU per call`,
    );
    console.log(
      `batch of ${String(size).padStart(2)}: SendMessageBatch ${send.toFixed(3)} ms, ReceiveMessage ${receive.toFixed(3)} ms, DeleteMessageBatch ${del.toFixed(3)} ms node CPU per call (moto, a new connection each)`,
    );
  }
} finally {
  sqs.destroy();
  await moto.stop();
}
