/**
 * What Lambda's event-source mappings and EventBridge rules do on AWS, played locally:
 * - SQS queue → consumer: long-poll batches (20 s), invoke, delete successes, leave reported failures to the visibility
 *   timeout (SQS itself redrives to the DLQ after maxReceiveCount).
 * - Rate schedules → handler on an interval (and on demand, for tests and ops).
 * - Ops bus rule → SQS queue (a real EventBridge target in moto) → handler.
 */
import { randomUUID } from 'node:crypto';
import type { Message, SQSClient } from '@aws-sdk/client-sqs';
import { sqsMappingCalls, type MappingCalls } from './sqs-mapping-calls.js';
import type { SQSBatchResponse, SQSEvent, ScheduledEvent, EventBridgeEvent } from 'aws-lambda';
import { loadHandler, type Handler } from './handlers.js';
import { runWithLocalGrants } from '../../shared/adapters/aws/local-key-grants.js';
import { lambdaContext } from './gateway.js';
import { runStandIn } from './invocations.js';

export interface Poller {
  stop(): Promise<void>;
}

export function toSqsEvent(messages: Message[], queueArn: string): SQSEvent {
  return {
    Records: messages.map((m) => ({
      messageId: m.MessageId!,
      receiptHandle: m.ReceiptHandle!,
      body: m.Body ?? '',
      attributes: {
        ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
        SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: m.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: m.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: 'eu-west-1',
    })),
  };
}

export function pollQueue(opts: {
  sqs: SQSClient;
  queueUrl: string;
  queueArn: string;
  handler: string;
  functionName: string;
  batchSize: number;
  /** The function's grants (purpose keys are checked locally as IAM would); unchecked when absent. */
  grants?: readonly string[];
  /** Turns a queue message into the handler's event (SQS event by default). */
  toEvent?: (messages: Message[]) => unknown[];
  /** Long-poll wait, 20 s by default (see platform.ts queueWaitSeconds). */
  waitSeconds?: number;
  /**
   * The mapping's batching window: a batch short of batchSize waits this long for more (one more receive after
   * the window, rather than a receive every few milliseconds: each costs a connection to moto).
   */
  batchingWindowSeconds?: number;
  /** Batches polled and handled at once (Lambda's SQS mapping: 5 to start with); 1 by default. */
  concurrency?: number;
  /** Calls the function (with its grants) instead of loading `handler` here: see function-processes.ts. */
  invoke?: Handler<unknown, SQSBatchResponse | void>;
}): Poller {
  let running = true;
  // Stopping aborts the long poll in flight rather than waiting up to 20 s for it.
  const stopping = new AbortController();
  // The mapping's receive and delete as plain requests (sqs-mapping-calls.ts): Lambda's service makes them on AWS.
  const calls = sqsMappingCalls(opts.sqs, opts.queueUrl);
  // Lambda's SQS mapping polls with five concurrent batches from the start and scales up with the backlog; the local
  // one polls with `concurrency` loops (1 unless asked: tests and `npm start` deliver one batch at a time).
  const poll = (fn: Handler<unknown, SQSBatchResponse | void>) =>
    runStandIn(`${opts.functionName} mapping`, async () => {
      while (running) {
        try {
          // 20 s long polls, as Lambda's event-source mapping makes them: an idle queue costs one request per 20 s
          // instead of one a second, and a message that arrives ends the poll at once.
          const messages = await calls.receive(
            { QueueUrl: opts.queueUrl, MaxNumberOfMessages: opts.batchSize, WaitTimeSeconds: opts.waitSeconds ?? 20 },
            stopping.signal,
          );
          if (!messages.length) continue;
          if (opts.batchingWindowSeconds && messages.length < opts.batchSize) {
            await new Promise((r) => setTimeout(r, opts.batchingWindowSeconds! * 1000));
            messages.push(
              ...(await calls.receive(
                { QueueUrl: opts.queueUrl, MaxNumberOfMessages: opts.batchSize - messages.length, WaitTimeSeconds: 0 },
                stopping.signal,
              )),
            );
          }
          await invokeBatch(opts, calls, fn, messages);
        } catch (err) {
          if (running) {
            console.error(`[poller ${opts.functionName}]`, (err as Error).message);
            await new Promise((r) => setTimeout(r, 500));
          }
        }
      }
    });
  const loop = (async () => {
    const fn = opts.invoke ?? withGrants(await loadHandler<unknown, SQSBatchResponse | void>(opts.handler), opts.grants);
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, () => poll(fn)));
  })();
  return {
    async stop() {
      running = false;
      stopping.abort();
      await loop.catch(() => undefined);
    },
  };
}

async function invokeBatch(
  opts: Parameters<typeof pollQueue>[0],
  calls: MappingCalls,
  fn: Handler<unknown, SQSBatchResponse | void>,
  messages: Message[],
): Promise<void> {
  let failedIds = new Set<string>();
  if (opts.toEvent) {
    // EventBridge targets: one invocation per event, as Lambda targets do.
    const events = opts.toEvent(messages);
    for (let i = 0; i < events.length; i++) {
      try {
        await fn(events[i], lambdaContext(opts.functionName));
      } catch (err) {
        console.error(`[${opts.functionName}]`, (err as Error).message);
        failedIds.add(messages[i]!.MessageId!);
      }
    }
  } else {
    try {
      const result = await fn(toSqsEvent(messages, opts.queueArn), lambdaContext(opts.functionName));
      failedIds = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (err) {
      // A thrown handler fails the whole batch, as with an event-source mapping.
      console.error(`[${opts.functionName}]`, (err as Error).message);
      return;
    }
  }
  const done = messages.filter((m) => !failedIds.has(m.MessageId!));
  if (done.length)
    await calls.deleteBatch(
      opts.queueUrl,
      done.map((m) => m.ReceiptHandle!),
    );
}

export function scheduledEvent(ruleName: string): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'eu-west-1',
    resources: [`arn:aws:events:eu-west-1:000000000000:rule/${ruleName}`],
    detail: {},
  } as ScheduledEvent;
}

/** Runs the handler with the function's grants in scope (local-key-grants.ts). */
function withGrants<E, R>(fn: Handler<E, R>, grants: readonly string[] | undefined): Handler<E, R> {
  return grants ? (event, context) => runWithLocalGrants(grants, () => fn(event, context)) : fn;
}

export function runEvery(opts: {
  handler: string;
  functionName: string;
  everyMs: number;
  grants?: readonly string[];
}): Poller & { runNow(): Promise<void> } {
  let busy: Promise<void> = Promise.resolve();
  const runNow = () => {
    busy = busy.then(async () => {
      try {
        const fn = withGrants(await loadHandler<ScheduledEvent, unknown>(opts.handler), opts.grants);
        await fn(scheduledEvent(opts.functionName), lambdaContext(opts.functionName));
      } catch (err) {
        console.error(`[${opts.functionName}]`, (err as Error).message);
      }
    });
    return busy;
  };
  const timer = setInterval(runNow, opts.everyMs);
  return {
    runNow,
    async stop() {
      clearInterval(timer);
      await busy;
    },
  };
}

/** The body EventBridge puts on an SQS target is the event itself. */
export function eventBridgeEvents(messages: Message[]): EventBridgeEvent<string, unknown>[] {
  return messages.map((m) => JSON.parse(m.Body ?? '{}') as EventBridgeEvent<string, unknown>);
}
