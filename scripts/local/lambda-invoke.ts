/**
 * What Lambda's Invoke API does for an asynchronous invocation (InvocationType Event), played locally: moto's Lambda
 * runs functions in Docker, so the platform serves this stand-in and the functions' real LambdaClient talks to it
 * (LAMBDA_ENDPOINT_URL). It answers 202 at once, runs the handler as the pollers run theirs, retries a failed
 * invocation `retryAttempts` times (the function's EventInvokeConfig; Lambda waits 1 then 2 minutes, here
 * `retryDelayMs`), then sends Lambda's on-failure destination record to the destination queue. Only Event
 * invocations are served: nothing on the platform waits for another function's answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { Handler } from './handlers.js';
import { lambdaContext } from './gateway.js';
import { runStandIn } from './invocations.js';

export interface AsyncFunction {
  invoke: Handler<unknown, unknown>;
  /** Retries after a failed invocation (EventInvokeConfig retryAttempts: 0–2). */
  retryAttempts: number;
  /** The on-failure destination (an SQS queue URL). */
  onFailureQueueUrl: string;
}

export interface LambdaInvokeStandIn {
  url: string;
  /** Resolves once every event accepted so far has run (or reached its destination). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export async function serveLambdaInvoke(opts: {
  functions: Record<string, AsyncFunction>;
  sqs: SQSClient;
  retryDelayMs: number;
  /** Before an accepted event's first run (Lambda queues it: it does not run while the caller reads the 202). */
  startDelayMs?: number;
}): Promise<LambdaInvokeStandIn> {
  const running = new Set<Promise<void>>();
  let stopped = false;

  const runEvent = async (name: string, fn: AsyncFunction, payload: unknown): Promise<void> => {
    const requestId = randomUUID();
    let lastError = '';
    for (let attempt = 0; attempt <= fn.retryAttempts && !stopped; attempt++) {
      const wait = attempt > 0 ? opts.retryDelayMs : (opts.startDelayMs ?? 0);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      try {
        await fn.invoke(payload, { ...lambdaContext(name), awsRequestId: requestId });
        return;
      } catch (err) {
        lastError = (err as Error).message;
      }
    }
    if (stopped) return;
    // Lambda's on-failure record (docs: "Capturing records of Lambda asynchronous invocations").
    const record = {
      version: '1.0',
      timestamp: new Date().toISOString(),
      requestContext: {
        requestId,
        functionArn: `arn:aws:lambda:local:000000000000:function:${name}:$LATEST`,
        condition: 'RetriesExhausted',
        approximateInvokeCount: fn.retryAttempts + 1,
      },
      requestPayload: payload,
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      responsePayload: { errorType: 'Error', errorMessage: lastError },
    };
    await opts.sqs.send(new SendMessageCommand({ QueueUrl: fn.onFailureQueueUrl, MessageBody: JSON.stringify(record) }));
  };

  const answer = (res: ServerResponse, status: number, body?: object, errorType?: string) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'x-amzn-requestid': randomUUID(),
      ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
    });
    res.end(body ? JSON.stringify(body) : undefined);
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const match = req.method === 'POST' ? INVOKE_PATH.exec(new URL(req.url ?? '/', 'http://x').pathname) : null;
      const name = match ? decodeURIComponent(match[1]!).split(':').at(-1)! : '';
      const fn = opts.functions[name];
      if (!fn) return answer(res, 404, { message: `Function not found: ${name}` }, 'ResourceNotFoundException');
      if (req.headers['x-amz-invocation-type'] !== 'Event')
        return answer(res, 400, { message: 'The local stand-in serves InvocationType Event only' }, 'InvalidParameterValueException');
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return answer(res, 400, { message: 'Could not parse request body into json' }, 'InvalidRequestContentException');
      }
      // Accepted: Lambda holds the event from here on, whatever happens to the caller.
      const run = runStandIn(`${name} async invoke`, () => runEvent(name, fn, payload)).catch((err: Error) =>
        console.error(`[lambda-invoke ${name}]`, err.message),
      );
      running.add(run);
      void run.finally(() => running.delete(run));
      answer(res, 202);
    });
  });
  // Kept-alive connections stay open far longer than the SDK leaves one idle (Node's 5 s default would close a socket
  // the caller is about to reuse: a reset, which the handoff, making one attempt, takes for a refusal).
  server.keepAliveTimeout = 10 * 60_000;
  server.headersTimeout = server.keepAliveTimeout + 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
    async stop() {
      stopped = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.all([...running]);
    },
  };
}
