/**
 * The local platform: emulators (or given endpoints) → resources from shared/lib/resources.ts → environment for the
 * handlers → API gateway on 127.0.0.1:PORT → pollers for queues, the table's stream, schedules and ops events.
 * Used by `npm start` and, with a unique prefix per test file, by the integration tests.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SQSClient, CreateQueueCommand, GetQueueAttributesCommand, SetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { EventBridgeClient, PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { OPS_EVENTS, QUEUE_CONSUMERS, ROUTES, SCHEDULED, STREAM_CONSUMERS } from '../../shared/entry/routes/index.js';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { pollTableStream } from './stream-poller.js';
import { EVENT_BUS } from '../../shared/lib/resources.js';
import { resetConfig } from '../../shared/lib/config.js';
import { resetAwsClients } from '../../shared/adapters/aws/aws-clients.js';
import { sdkClientOptions } from '../../shared/adapters/aws/sdk-client-options.js';
import { resetDeps } from '../../shared/entry/composition/deps.js';
import { rewrapLocalDataKeys } from '../../shared/adapters/aws/local-key-escrow.js';
import { migrateLegacyDataKeys } from '../../shared/adapters/aws/legacy-data-keys.js';
import { createLocalResources, type LocalResources } from './bootstrap.js';
import { checkPrerequisites, startDynamoDbLocal, startMoto, type Emulator } from './emulators.js';
import { createGateway } from './gateway.js';
import { createConsolePool } from './console-pool.js';
import { eventBridgeEvents, pollQueue, runEvery, type Poller } from './pollers.js';
import { EventFunctions } from './function-processes.js';
import { serveLambdaInvoke, type AsyncFunction } from './lambda-invoke.js';

export interface PlatformOptions {
  /** 0 picks a free port. */
  port: number;
  /** Resource name prefix ("local" for npm start; unique per test file). */
  prefix: string;
  /** Folder for DynamoDB data and local key escrow; omitted = everything in memory (tests). */
  dataDir?: string;
  /** Reuse running emulators (tests share one pair); otherwise they are started here. */
  endpoints?: { dynamodb: string; moto: string };
  /** Run schedules on their own interval (npm start) or only on demand (tests). */
  schedules?: 'interval' | 'manual';
  /** With 'interval': run every schedule this often instead of at its own rate (LOCAL_SCHEDULE_SECONDS). */
  scheduleEverySeconds?: number;
  extraEnv?: Record<string, string>;
  /**
   * The queue pollers' long-poll wait (20 s, as Lambda's). A process killed mid-poll leaves its poll open in moto
   * for that long, and that poll takes the next message sent (invisible until its visibility timeout): tests that
   * kill a platform and resume on the same queues use 1.
   */
  queueWaitSeconds?: number;
  /**
   * Play the queue and stream mappings' batching windows (batchingWindowSeconds), as the bench does for its cost and
   * CPU figures; off by default, so tests and `npm start` deliver each callback and count each payment at once.
   */
  batchingWindows?: boolean;
  /**
   * Five concurrent batches per queue mapping, as Lambda's SQS mapping starts with (`npm start`, the soak and the
   * bench); off by default, so tests deliver one batch at a time per queue.
   */
  concurrentBatches?: boolean;
  /**
   * The outbox consumer hands a callback's first attempt to CallbackDeliver by Lambda's asynchronous invoke (the
   * stand-in, lambda-invoke.ts), as deployed; false: every callback goes through the queue. On by default.
   */
  directHandoff?: boolean;
  /** The stand-in's wait before retrying a failed asynchronous invocation (Lambda: 1 then 2 minutes); 1 s by default. */
  asyncRetryDelayMs?: number;
  /**
   * The stand-in's wait between accepting an asynchronous event (202) and running it, as Lambda's event queue has
   * one; 0 by default. A test that kills the process right after a handoff sets it, so the event is not run first.
   */
  asyncStartDelayMs?: number;
}

export interface RunningPlatform {
  url: string;
  resources: LocalResources;
  env: Record<string, string>;
  endpoints: { dynamodb: string; moto: string };
  /** The queue and stream consumers: in this process (default) or each in its own (the bench's loads). */
  eventFunctions: EventFunctions;
  /** Runs a scheduled function now (e.g. the outbox sweeper). */
  runScheduled(id: string): Promise<void>;
  /** With batching windows: hands the stream records the windows hold to their consumers now (stream-poller.ts). */
  flushStreamWindows(): Promise<void>;
  stop(): Promise<void>;
}

const REGION = 'eu-west-1';
/** Lambda's SQS event-source mapping polls with five concurrent batches from the start (and scales up from there). */
const SQS_MAPPING_BATCHES = 5;

export async function startPlatform(opts: PlatformOptions): Promise<RunningPlatform> {
  const emulators: Emulator[] = [];
  let endpoints = opts.endpoints;
  if (!endpoints) {
    checkPrerequisites();
    const [ddb, moto] = await Promise.all([
      startDynamoDbLocal({ dbPath: opts.dataDir ? join(opts.dataDir, 'dynamodb') : undefined }),
      startMoto(),
    ]);
    emulators.push(ddb, moto);
    endpoints = { dynamodb: ddb.endpoint, moto: moto.endpoint };
  }
  const stopEmulators = () => Promise.all(emulators.map((e) => e.stop()));
  try {
    return await startOn(opts, endpoints, stopEmulators);
  } catch (err) {
    await stopEmulators();
    throw err;
  }
}

async function startOn(
  opts: PlatformOptions,
  endpoints: { dynamodb: string; moto: string },
  stopEmulators: () => Promise<unknown>,
): Promise<RunningPlatform> {
  const [resources, consolePool] = await Promise.all([
    createLocalResources(opts.prefix, { ...endpoints, region: REGION }),
    createConsolePool(opts.prefix, { moto: endpoints.moto, region: REGION }),
  ]);
  // Answers 503 until everything a request needs is in place (the end of this function).
  let ready = false;
  const server = createGateway(ROUTES, () => ready);
  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const escrowFile = opts.dataDir ? join(opts.dataDir, 'key-escrow.json') : undefined;
  // Lambda's Invoke API for asynchronous events (its functions are filled in with the queue consumers below).
  const asyncFunctions: Record<string, AsyncFunction> = {};
  const invokeSqs = new SQSClient({
    region: REGION,
    endpoint: endpoints.moto,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    useQueueUrlAsEndpoint: false,
  });
  const lambdaInvoke = await serveLambdaInvoke({
    functions: asyncFunctions,
    sqs: invokeSqs,
    retryDelayMs: opts.asyncRetryDelayMs ?? 1000,
    startDelayMs: opts.asyncStartDelayMs ?? 0,
  });

  const env: Record<string, string> = {
    STAGE: 'local',
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL: endpoints.moto,
    DYNAMODB_ENDPOINT_URL: endpoints.dynamodb,
    TABLE_NAME: resources.tableName,
    CALLBACK_QUEUE_URL: resources.queueUrls.callbacks,
    RECURRING_QUEUE_URL: resources.queueUrls.recurringCharges,
    KMS_KEY_ID: resources.kmsKeyId,
    CARD_DATA_KMS_KEY_ID: resources.purposeKeyIds['card-data'],
    MERCHANT_SECRETS_KMS_KEY_ID: resources.purposeKeyIds['merchant-secrets'],
    WALLET_KEYS_KMS_KEY_ID: resources.purposeKeyIds['wallet-keys'],
    EVENT_BUS_NAME: resources.eventBusName,
    PUBLIC_BASE_URL: url,
    // Developers receive callbacks on their own machine; other private addresses stay refused.
    CALLBACK_ALLOW_LOOPBACK: 'true',
    // The local platform is a sandbox stage: sandbox connectors and APM provider, and `npm run admin -- clock …`
    // moves its time (docs/test-clock.md).
    STAGE_KIND: 'sandbox',
    TEST_CLOCK: 'true',
    // The pollers run the APM deadline sweeper every few seconds (localEverySeconds): one pass per run, so stopping
    // never waits for a run that watches for a minute as the deployed one does.
    APM_DEADLINE_WATCH_SECONDS: '0',
    ...(escrowFile ? { LOCAL_KEY_ESCROW_FILE: escrowFile } : {}),
    // The console signs in against moto's cognito-idp; invitations are links printed here, not emails.
    CONSOLE_USER_POOL_ID: consolePool.userPoolId,
    CONSOLE_USER_POOL_CLIENT_ID: consolePool.clientId,
    CONSOLE_INVITATIONS: 'link',
    LAMBDA_ENDPOINT_URL: lambdaInvoke.url,
    ...(opts.directHandoff !== false ? { CALLBACK_DELIVER_FUNCTION: 'CallbackDeliver' } : {}),
    ...opts.extraEnv,
  };
  // The handlers run in this process, as Lambda would run them with these variables.
  Object.assign(process.env, env);
  // Not inherited from whoever started this process (a test that read another platform's variables).
  if (opts.directHandoff === false && !opts.extraEnv?.CALLBACK_DELIVER_FUNCTION) delete process.env.CALLBACK_DELIVER_FUNCTION;
  resetConfig();
  resetAwsClients();
  resetDeps();

  if (escrowFile) {
    // Data sealed before per-purpose keys (a .local from an older version) keeps opening: see legacy-data-keys.ts.
    const legacy = await migrateLegacyDataKeys({
      tableName: resources.tableName,
      legacyKmsKeyId: resources.kmsKeyId,
      purposeKeyIds: resources.purposeKeyIds,
      localEscrowFile: escrowFile,
    });
    if (legacy.missing)
      console.warn(`[platform] ${legacy.missing} legacy data key(s) have no local escrow; data sealed under them cannot be opened.`);
    const { missing } = await rewrapLocalDataKeys(resources.tableName, resources.purposeKeyIds, escrowFile);
    if (missing) console.warn(`[platform] ${missing} data key(s) have no local escrow; data sealed under them cannot be opened.`);
  }

  // The pollers' own client (Lambda's event-source mappings, not the functions'): its middleware is resolved once per
  // command class instead of per call.
  const sqs = new SQSClient({
    ...sdkClientOptions(),
    cacheMiddleware: true,
    region: REGION,
    endpoint: endpoints.moto,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    useQueueUrlAsEndpoint: false,
  });
  const pollers: Poller[] = [];
  const eventFunctions = new EventFunctions();
  for (const c of QUEUE_CONSUMERS) {
    const queueUrl = resources.queueUrls[c.queue];
    if (c.asyncInvoke)
      asyncFunctions[c.id] = {
        invoke: eventFunctions.handler(c.handler, c.id, c.grants),
        retryAttempts: c.asyncInvoke.retryAttempts,
        onFailureQueueUrl: queueUrl,
      };
    pollers.push(
      pollQueue({
        sqs,
        queueUrl,
        queueArn: await queueArn(sqs, queueUrl),
        handler: c.handler,
        functionName: c.id,
        batchSize: c.batchSize,
        grants: c.grants,
        invoke: eventFunctions.handler(c.handler, c.id, c.grants),
        concurrency: opts.concurrentBatches ? SQS_MAPPING_BATCHES : 1,
        waitSeconds: opts.queueWaitSeconds,
        batchingWindowSeconds: opts.batchingWindows ? c.batchingWindowSeconds : undefined,
      }),
    );
  }
  const ddb = new DynamoDBClient({
    region: REGION,
    endpoint: endpoints.dynamodb,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  // One reader of the table's stream for every consumer (stream-poller.ts).
  const stream = await pollTableStream({
    ddb,
    endpoint: endpoints.dynamodb,
    region: REGION,
    tableName: resources.tableName,
    consumers: STREAM_CONSUMERS.map((s) => ({
      handler: s.handler,
      functionName: s.id,
      batchSize: s.batchSize,
      insertedKinds: s.insertedKinds,
      modifiedKinds: s.modifiedKinds,
      windowSeconds: s.windowSeconds,
      batchingWindowSeconds: opts.batchingWindows ? s.batchingWindowSeconds : undefined,
      grants: s.grants,
      invoke: eventFunctions.handler(s.handler, s.id, s.grants),
    })),
  });
  pollers.push(stream);
  ddb.destroy();
  const schedules = new Map<string, ReturnType<typeof runEvery>>();
  for (const s of SCHEDULED) {
    const base = opts.scheduleEverySeconds ? opts.scheduleEverySeconds * 1000 : s.everyMinutes * 60_000;
    const every = opts.schedules !== 'interval' ? 2 ** 31 - 1 : Math.min(base, (s.localEverySeconds ?? Infinity) * 1000);
    schedules.set(s.id, runEvery({ handler: s.handler, functionName: s.id, everyMs: every, grants: s.grants }));
  }
  pollers.push(...(await wireOpsEvents(opts.prefix, endpoints.moto, resources.eventBusName, sqs, opts.queueWaitSeconds)));

  let stopped = false;
  ready = true;
  return {
    url,
    resources,
    env,
    endpoints,
    eventFunctions,
    flushStreamWindows: () => stream.flush(),
    async runScheduled(id: string) {
      const s = schedules.get(id);
      if (!s) throw new Error(`No scheduled function ${id}`);
      await s.runNow();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await closeServer(server);
      await Promise.all([...pollers, ...schedules.values(), lambdaInvoke].map((p) => p.stop()));
      invokeSqs.destroy();
      await eventFunctions.stop();
      sqs.destroy();
      resetAwsClients();
      await stopEmulators();
    },
  };
}

async function queueArn(sqs: SQSClient, queueUrl: string): Promise<string> {
  const res = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }));
  return res.Attributes!.QueueArn!;
}

/** Each ops-event handler gets a rule on the ops bus whose target is an SQS queue, polled like a Lambda target. */
async function wireOpsEvents(
  prefix: string,
  moto: string,
  busName: string,
  sqs: SQSClient,
  waitSeconds: number | undefined,
): Promise<Poller[]> {
  if (!OPS_EVENTS.length) return [];
  const events = new EventBridgeClient({ region: REGION, endpoint: moto, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const pollers: Poller[] = [];
  for (const def of OPS_EVENTS) {
    const queue = await sqs.send(new CreateQueueCommand({ QueueName: `${prefix}-ops-${def.id}` }));
    const arn = await queueArn(sqs, queue.QueueUrl!);
    await sqs.send(
      new SetQueueAttributesCommand({
        QueueUrl: queue.QueueUrl!,
        Attributes: {
          Policy: JSON.stringify({
            Statement: [{ Effect: 'Allow', Principal: { Service: 'events.amazonaws.com' }, Action: 'sqs:SendMessage', Resource: arn }],
          }),
        },
      }),
    );
    const ruleName = `${prefix}-${def.id}`;
    await events.send(
      new PutRuleCommand({
        Name: ruleName,
        EventBusName: busName,
        EventPattern: JSON.stringify({ source: [EVENT_BUS.opsSource], 'detail-type': def.detailTypes }),
      }),
    );
    await events.send(new PutTargetsCommand({ Rule: ruleName, EventBusName: busName, Targets: [{ Id: 'local-poller', Arn: arn }] }));
    pollers.push(
      pollQueue({
        sqs,
        queueUrl: queue.QueueUrl!,
        queueArn: arn,
        handler: def.handler,
        functionName: def.id,
        batchSize: 10,
        toEvent: eventBridgeEvents,
        grants: def.grants,
        waitSeconds,
      }),
    );
  }
  events.destroy();
  return pollers;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
