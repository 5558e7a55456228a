/**
 * `npx tsx bench/src/moto-call-cpu.ts [--cycles 300]`: moto's own CPU per SQS call, stock `python3 -m moto.server`
 * against the platform's `scripts/local/moto-server.py`, alternated twice in one run. Each cycle is what the callback
 * path asks of SQS: a SendMessageBatch of ten, a ReceiveMessage of ten and their DeleteMessageBatch, on a queue that
 * keeps ten more waiting.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { processCpuMs } from './machine-cpu.js';

const { values } = parseArgs({ options: { cycles: { type: 'string', default: '300' } } });
const cycles = Number(values.cycles);
const patched = fileURLToPath(new URL('../../scripts/local/moto-server.py', import.meta.url));

async function measure(name: string, args: string[]): Promise<void> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const moto = spawn('python3', [...args, '-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'ignore'] });
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 300; i++) {
      if (
        await fetch(`${endpoint}/moto-api/data.json`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const sqs = new SQSClient({ region: 'eu-west-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'cpu' }));
    const ten = (tag: string) =>
      Array.from({ length: 10 }, (_, j) => ({
        Id: String(j),
        MessageBody: JSON.stringify({ transId: `${tag}-${j}`, seq: 1, pad: 'x'.repeat(200) }),
      }));
    const cycle = async (i: number) => {
      await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: ten(String(i)) }));
      const got = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
      if (got.Messages?.length)
        await sqs.send(
          new DeleteMessageBatchCommand({
            QueueUrl,
            Entries: got.Messages.map((m, j) => ({ Id: String(j), ReceiptHandle: m.ReceiptHandle! })),
          }),
        );
    };
    await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: ten('waiting') }));
    for (let i = 0; i < 50; i++) await cycle(i);
    const from = processCpuMs(moto.pid!);
    for (let i = 0; i < cycles; i++) await cycle(i);
    console.log(`${name.padEnd(8)} ${((processCpuMs(moto.pid!) - from) / (3 * cycles)).toFixed(2)} ms of moto CPU per SQS call`);
    sqs.destroy();
  } finally {
    moto.kill();
  }
}

for (let round = 0; round < 2; round++) {
  await measure('stock', ['-m', 'moto.server']);
  await measure('patched', [patched]);
}
