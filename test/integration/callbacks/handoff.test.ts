/**
 * The callback's first attempt handed to CallbackDeliver by Lambda's asynchronous invoke (the platform's stand-in for
 * Lambda's Invoke API, scripts/local/lambda-invoke.ts), with no SQS request; only what must wait goes to the queue,
 * carrying the steps taken, so the schedule and the dead-letter cut-off stay as they were (delivery.test.ts pins
 * them with the handoff on). A direct event Lambda gave up on reaches the queue as Lambda's destination record, which
 * the SQS consumer reads.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CreateQueueCommand, ReceiveMessageCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { saleFields } from '../../support/s2s.js';
import { serveLambdaInvoke } from '../../../scripts/local/lambda-invoke.js';
import { appendCallbacks, callbacksOf } from './helpers.js';
import { resetConfig } from '../../../shared/lib/config.js';
import { resetDeps } from '../../../shared/entry/composition/deps.js';

const DELAYS = [2, 1, 1, 1, 1, 1, 1];
const platform = usePlatform({ CALLBACK_RETRY_DELAYS_SECONDS: DELAYS.join(','), CALLBACK_SWEEP_GRACE_SECONDS: '30' });
const servers: MerchantServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** The SQS requests the functions make (their shared client), with their inputs. */
function recordSqs(sqs: SQSClient): { calls: Array<{ command: string; input: Record<string, unknown> }>; stop(): void } {
  const calls: Array<{ command: string; input: Record<string, unknown> }> = [];
  const name = `handoff-test-${randomUUID()}`;
  sqs.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push({ command: context.commandName ?? '', input: args.input as Record<string, unknown> });
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { calls, stop: () => sqs.middlewareStack.remove(name) };
}

let recorder: ReturnType<typeof recordSqs> | undefined;
afterEach(() => recorder?.stop());

async function shop() {
  const server = await startMerchantServer();
  servers.push(server);
  return { server, merchant: await testMerchant({ notificationUrl: server.url }) };
}

async function sale(merchant: Awaited<ReturnType<typeof testMerchant>>): Promise<string> {
  const res = await postForm(`${platform.url}/post`, saleFields(merchant));
  expect(res.status).toBe(200);
  return res.body.trans_id as string;
}

const sends = (calls: Array<{ command: string; input: Record<string, unknown> }>) => calls.filter((c) => /^SendMessage/.test(c.command));

describe('the first attempt without the queue', () => {
  it('delivers a callback with no SQS request of the functions', async () => {
    const { server, merchant } = await shop();
    recorder = recordSqs(awsClients().sqs);
    const transId = await sale(merchant);
    await callbacksSettled(platform, [transId]);
    expect(server.received.filter((c) => c.fields.trans_id === transId)).toHaveLength(1);
    expect((await callbacksOf(transId))[0]).toMatchObject({ delivery: 'DELIVERED', attempts: 1 });
    // (The test's own GetQueueAttributes, callbacksSettled's, go through the same client.)
    expect(recorder.calls.map((c) => c.command).filter((c) => c !== 'GetQueueAttributesCommand')).toEqual([]);
  });

  it('queues a failed first attempt for its retry, with the step it took, at the first delay', async () => {
    const { server, merchant } = await shop();
    let answered = 0;
    server.respond = (_cb, res) => {
      const ok = answered++ > 0;
      res.writeHead(ok ? 200 : 500, { 'content-type': 'text/plain' });
      res.end(ok ? 'OK' : 'ERROR');
    };
    recorder = recordSqs(awsClients().sqs);
    const transId = await sale(merchant);
    await callbacksSettled(platform, [transId]);
    const tries = server.received.filter((c) => c.fields.trans_id === transId);
    expect(tries).toHaveLength(2);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(DELAYS[0]! * 1000 - 150);
    const [stored] = await callbacksOf(transId);
    expect(stored).toMatchObject({ delivery: 'DELIVERED', attempts: 2 });
    // One message, sent by the direct attempt: the retry's, which counts the first attempt as the callback's step 1.
    const sent = sends(recorder.calls);
    expect(sent.map((c) => c.command)).toEqual(['SendMessageCommand']);
    expect(sent[0]!.input.DelaySeconds).toBe(DELAYS[0]);
    expect(JSON.parse(sent[0]!.input.MessageBody as string)).toEqual({
      transId,
      eventId: stored!.eventId,
      seq: 1,
      stepsBefore: 1,
    });
  });

  it('queues the batch when Lambda refuses the invoke: the lever never fails a stream batch', async () => {
    const { server, merchant } = await shop();
    // A function Lambda does not know: the invoke is refused (404), as a throttle or an error would be.
    process.env.CALLBACK_DELIVER_FUNCTION = 'NoSuchFunction';
    resetConfig();
    resetDeps();
    try {
      recorder = recordSqs(awsClients().sqs);
      const transId = await sale(merchant);
      await callbacksSettled(platform, [transId]);
      expect(server.received.filter((c) => c.fields.trans_id === transId)).toHaveLength(1);
      expect((await callbacksOf(transId))[0]).toMatchObject({ delivery: 'DELIVERED', attempts: 1 });
      expect(sends(recorder.calls).map((c) => c.command)).toEqual(['SendMessageBatchCommand']);
    } finally {
      process.env.CALLBACK_DELIVER_FUNCTION = platform.env.CALLBACK_DELIVER_FUNCTION;
      resetConfig();
      resetDeps();
    }
  });

  it("delivers the callbacks of Lambda's destination record once it reaches the queue", async () => {
    const { server, merchant } = await shop();
    const transId = await sale(merchant);
    await callbacksSettled(platform, [transId]);
    // A second callback of the payment, recorded but handed to nobody: Lambda gave up on its direct event.
    const [capture] = await appendCallbacks(merchant, transId, ['CAPTURE']);
    const record = {
      version: '1.0',
      timestamp: new Date().toISOString(),
      requestContext: { requestId: randomUUID(), condition: 'RetriesExhausted', approximateInvokeCount: 3 },
      requestPayload: { handoff: 'callbacks', callbacks: [{ transId, eventId: capture!.eventId, seq: capture!.seq }] },
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      responsePayload: { errorType: 'Error', errorMessage: 'crashed' },
    };
    await awsClients().sqs.send(
      new SendMessageCommand({ QueueUrl: platform.resources.queueUrls.callbacks, MessageBody: JSON.stringify(record) }),
    );
    await callbacksSettled(platform, [transId]);
    expect(server.received.filter((c) => c.fields.trans_id === transId).map((c) => c.headers['x-callback-event-id'])).toEqual([
      expect.any(String),
      capture!.eventId,
    ]);
    expect((await callbacksOf(transId)).map((c) => [c.seq, c.delivery, c.attempts])).toEqual([
      [1, 'DELIVERED', 1],
      [2, 'DELIVERED', 1],
    ]);
  });
});

describe("the local stand-in plays Lambda's asynchronous invoke", () => {
  it('answers 202, retries a failed invocation twice, then puts the destination record on the queue', async () => {
    const sqs = awsClients().sqs;
    const queue = await sqs.send(new CreateQueueCommand({ QueueName: `handoff-destination-${randomUUID().slice(0, 8)}` }));
    const seen: unknown[] = [];
    let succeedOn = Infinity;
    const standIn = await serveLambdaInvoke({
      sqs,
      retryDelayMs: 10,
      functions: {
        Flaky: {
          retryAttempts: 2,
          onFailureQueueUrl: queue.QueueUrl!,
          invoke: async (event) => {
            seen.push(event);
            if (seen.length < succeedOn) throw new Error(`failed ${seen.length}`);
          },
        },
      },
    });
    const lambda = new LambdaClient({
      region: 'eu-west-1',
      endpoint: standIn.url,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      const res = await lambda.send(
        new InvokeCommand({ FunctionName: 'Flaky', InvocationType: 'Event', Payload: JSON.stringify({ n: 1 }) }),
      );
      expect(res.StatusCode).toBe(202);
      await standIn.idle();
      expect(seen).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
      const got = await eventually(async () => {
        const r = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queue.QueueUrl!, WaitTimeSeconds: 1 }));
        return r.Messages?.[0];
      });
      expect(JSON.parse(got.Body!)).toMatchObject({
        requestContext: { condition: 'RetriesExhausted', approximateInvokeCount: 3 },
        requestPayload: { n: 1 },
        responsePayload: { errorMessage: 'failed 3' },
      });

      // A retry that succeeds leaves nothing for the destination.
      seen.length = 0;
      succeedOn = 2;
      await lambda.send(new InvokeCommand({ FunctionName: 'Flaky', InvocationType: 'Event', Payload: JSON.stringify({ n: 2 }) }));
      await standIn.idle();
      expect(seen).toEqual([{ n: 2 }, { n: 2 }]);

      await expect(
        lambda.send(new InvokeCommand({ FunctionName: 'Flaky', InvocationType: 'RequestResponse', Payload: '{}' })),
      ).rejects.toThrow(/Event only/);
      await expect(lambda.send(new InvokeCommand({ FunctionName: 'Other', InvocationType: 'Event', Payload: '{}' }))).rejects.toThrow(
        /not found/,
      );
    } finally {
      lambda.destroy();
      await standIn.stop();
    }
  });
});
