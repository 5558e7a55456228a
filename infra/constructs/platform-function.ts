/**
 * One Lambda function per route or event source, built the same way everywhere: ESM bundle for Node 22 on arm64,
 * X-Ray tracing where a request enters (API routes), its own log group, the platform's environment, and exactly the permissions its definition lists.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CfnElement, Duration, Names, Stack, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { ConfigVariable } from '../../shared/lib/config.js';
import { KEY_PURPOSES, type KeyPurpose, type QueueKey } from '../../shared/lib/resources.js';
import type { Grant, StreamConsumerDefinition } from '../../shared/entry/routes/types.js';
import type { LazyModule } from '../../shared/lib/wallets/lazy-module.js';
import type { StageSettings } from '../stages.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What every function may be wired to; grants pick from it. */
export interface PlatformResources {
  settings: StageSettings;
  table: dynamodb.TableV2;
  key: kms.IKey;
  /** One key per secret purpose; a function may use only those its grants name. */
  purposeKeys: Record<KeyPurpose, kms.IKey>;
  queues: Record<QueueKey, sqs.Queue>;
  /** Their dead-letter queues, for functions granted queue:redrive:<queue>; absent in small test stacks. */
  deadLetterQueues?: Partial<Record<QueueKey, sqs.Queue>>;
  bus: events.IEventBus;
  /** The HttpApi's URL (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** The console's user pool and address (infra/constructs/console.ts); absent in stacks built without it. */
  /** The API's CloudFront (infra/constructs/api-edge.ts): the value its requests carry in x-platform-origin-verify. */
  edge?: { originVerify: string; directCalls?: boolean };
  console?: { userPoolArn: string; userPoolId: string; clientId: string; url: string; originVerify?: string; idleMinutes?: number };
  /** Where APM deadlines get their one-time schedules (Async); absent in small test stacks. */
  deadlineSchedules?: DeadlineSchedules;
}

export interface DeadlineSchedules {
  group: CfnElement;
  groupName: string;
  /** The role Scheduler assumes to put the wake-up on the ops bus. */
  role: iam.IRole;
}

export interface FunctionDefinition {
  id: string;
  /** Module path relative to the repository root, without extension; it exports `handler`. */
  handler: string;
  grants: readonly Grant[];
  /** HTTP routes: the route's path (the console API's functions get the console's settings). */
  path?: string;
  memoryMb?: number;
  timeoutSeconds?: number;
  /** Repository files copied beside the bundle (RouteDefinition.bundleFiles). */
  bundleFiles?: readonly string[];
  /** Modules bundled on their own beside the bundle, imported when first needed (RouteDefinition.lazyModules). */
  lazyModules?: readonly LazyModule[];
}

export interface PlatformFunctionProps {
  definition: FunctionDefinition;
  platform: PlatformResources;
  /** Overrides the stage's lambda.reservedConcurrency (public routes get their own, see stages.ts). */
  reservedConcurrency?: number;
  /**
   * Lambda's active tracing (sampled: 1 request a second, then 5 %), on by default. The event consumers turn it off:
   * their batches carry no request's trace (a table stream passes none on), each would be a trace of its own at
   * $5 a million, and their failures are in their logs, metrics and alarms.
   */
  traced?: boolean;
}

/** Environment every function gets; typed against shared/lib/config.ts so a renamed variable fails the build. */
/** Variables set on AWS; AWS_REGION comes from Lambda, the *_ENDPOINT_URL and LOCAL_* ones are local-only. */
type FunctionEnvironment = Pick<
  Record<ConfigVariable, string>,
  | 'STAGE'
  | 'TABLE_NAME'
  | 'CALLBACK_QUEUE_URL'
  | 'RECURRING_QUEUE_URL'
  | 'KMS_KEY_ID'
  | 'CARD_DATA_KMS_KEY_ID'
  | 'MERCHANT_SECRETS_KMS_KEY_ID'
  | 'WALLET_KEYS_KMS_KEY_ID'
  | 'EVENT_BUS_NAME'
  | 'PUBLIC_BASE_URL'
  | 'CONFIG_CACHE_TTL_SECONDS'
  | 'CALLBACK_TIMEOUT_MS'
  | 'CALLBACK_ALLOW_LOOPBACK'
  | 'LOG_LEVEL'
  | 'TEST_CLOCK'
  | 'STAGE_KIND'
  | 'METRICS_ENABLED'
  | 'PAYMENT_ITEM_FORM'
> &
  Partial<
    Pick<
      Record<ConfigVariable, string>,
      | 'CONSOLE_USER_POOL_ID'
      | 'CONSOLE_USER_POOL_CLIENT_ID'
      | 'CONSOLE_URL'
      | 'CONSOLE_IDLE_MINUTES'
      | 'CONSOLE_ORIGIN_VERIFY'
      | 'EDGE_ORIGIN_VERIFY'
      | 'EDGE_DIRECT_CALLS'
      | 'CALLBACK_DLQ_URL'
    >
  >;

const QUEUE_SEND_PREFIX = 'queue:send:';

/** The Cognito calls behind each cognito: grant (shared/adapters/aws/cognito-identity.ts makes them). */
const COGNITO_ACTIONS: Partial<Record<Grant, string[]>> = {
  'cognito:sign-in': [
    'cognito-idp:AdminInitiateAuth',
    'cognito-idp:AdminRespondToAuthChallenge',
    'cognito-idp:AssociateSoftwareToken',
    'cognito-idp:VerifySoftwareToken',
  ],
  'cognito:invite': ['cognito-idp:AdminCreateUser'],
  'cognito:access': ['cognito-idp:AdminDisableUser', 'cognito-idp:AdminEnableUser'],
};
const QUEUE_REDRIVE_PREFIX = 'queue:redrive:';

/**
 * How every function is bundled (esbuild, ESM). test/infra/bundle-smoke.test.ts bundles a handler with these very
 * options and runs a payment through it, so a bundling change that breaks at run time fails a test.
 */
export const LAMBDA_BUNDLING = {
  target: 'node22',
  minify: true,
  // ESM builds first (the SDK's dist-es): about 280 KiB less per function than their CommonJS builds.
  mainFields: ['module', 'main'],
  // esbuild's ESM output has no `require`; some CommonJS dependencies still call it.
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
};

/**
 * The command that bundles a lazy module (shared/lib/wallets/lazy-module.ts) beside a function's bundle with the
 * function's own esbuild settings: NodejsFunction gives esbuild --outfile, so a dynamic import() cannot become a chunk
 * of its own, and CDK runs this after the function's bundle (afterBundling), from the repository's esbuild.
 * test/infra/bundle-smoke.test.ts runs it and pays with Apple Pay through the result.
 */
export function lazyModuleCommand(inputDir: string, outputDir: string, m: LazyModule): string {
  const { target, minify, mainFields, banner } = LAMBDA_BUNDLING;
  return [
    `"${path.join(inputDir, 'node_modules', '.bin', 'esbuild')}"`,
    `"${path.join(inputDir, m.source)}"`,
    '--bundle',
    '--platform=node',
    '--format=esm',
    `--target=${target}`,
    ...(minify ? ['--minify'] : []),
    `--main-fields=${mainFields.join(',')}`,
    `--banner:js="${banner}"`,
    '--log-level=warning',
    `--outfile="${path.join(outputDir, m.file)}"`,
  ].join(' ');
}

export class PlatformFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: logs.LogGroup;
  private readonly platform: PlatformResources;

  constructor(scope: Construct, id: string, props: PlatformFunctionProps) {
    super(scope, id);
    const { definition, platform } = props;
    const { settings } = platform;
    this.platform = platform;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
    });

    // Own role instead of AWSLambdaBasicExecutionRole: logs go to this function's log group only.
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${settings.stage} ${definition.id}`,
    });
    this.logGroup.grantWrite(role);

    const environment: FunctionEnvironment = {
      STAGE: settings.stage,
      TABLE_NAME: platform.table.tableName,
      CALLBACK_QUEUE_URL: platform.queues.callbacks.queueUrl,
      RECURRING_QUEUE_URL: platform.queues.recurringCharges.queueUrl,
      KMS_KEY_ID: platform.key.keyArn,
      // ARNs are not secret; IAM decides which of them this function may use.
      CARD_DATA_KMS_KEY_ID: platform.purposeKeys['card-data'].keyArn,
      MERCHANT_SECRETS_KMS_KEY_ID: platform.purposeKeys['merchant-secrets'].keyArn,
      WALLET_KEYS_KMS_KEY_ID: platform.purposeKeys['wallet-keys'].keyArn,
      EVENT_BUS_NAME: platform.bus.eventBusName,
      PUBLIC_BASE_URL: platform.publicBaseUrl,
      CONFIG_CACHE_TTL_SECONDS: String(settings.runtime.configCacheTtlSeconds),
      CALLBACK_TIMEOUT_MS: String(settings.runtime.callbackTimeoutMs),
      // Deployed stages never call loopback (or any other non-public address) back: SSRF guard.
      CALLBACK_ALLOW_LOOPBACK: 'false',
      LOG_LEVEL: settings.runtime.logLevel,
      // live or sandbox: a live stage's registries refuse the sandbox connectors (shared/adapters/connectors/index.ts).
      STAGE_KIND: settings.kind,
      // Sandbox stages have a test clock (docs/test-clock.md); live stages read the real time only.
      TEST_CLOCK: settings.kind === 'sandbox' ? 'true' : 'false',
      // The console API signs in against the stage's user pool (only functions granted a cognito: grant may call it).
      ...(platform.console && definition.grants.some((g) => g.startsWith('cognito:'))
        ? {
            CONSOLE_USER_POOL_ID: platform.console.userPoolId,
            CONSOLE_USER_POOL_CLIENT_ID: platform.console.clientId,
            CONSOLE_URL: platform.console.url,
          }
        : {}),
      // The console API's session idle timeout, and the value that marks requests its CloudFront sent (audit address).
      ...(platform.console && definition.path?.startsWith('/console/api/')
        ? {
            ...(platform.console.idleMinutes ? { CONSOLE_IDLE_MINUTES: String(platform.console.idleMinutes) } : {}),
            ...(platform.console.originVerify ? { CONSOLE_ORIGIN_VERIFY: platform.console.originVerify } : {}),
          }
        : {}),
      // Public routes take requests only through the API's CloudFront, and the client's address from it.
      ...(platform.edge && definition.path && !definition.path.startsWith('/console/api/')
        ? { EDGE_ORIGIN_VERIFY: platform.edge.originVerify, ...(platform.edge.directCalls ? { EDGE_DIRECT_CALLS: 'allow' } : {}) }
        : {}),
      // Replays of every failed callback read its dead-letter queue (only functions granted queue:redrive:callbacks).
      ...(definition.grants.includes('queue:redrive:callbacks') && platform.deadLetterQueues?.callbacks
        ? { CALLBACK_DLQ_URL: platform.deadLetterQueues.callbacks.queueUrl }
        : {}),
      // Powertools Metrics' EMF lines (shared/entry/middleware/metrics.ts): on for every deployed function.
      METRICS_ENABLED: 'true',
      PAYMENT_ITEM_FORM: settings.runtime.paymentItemForm ?? 'compact',
    };

    const bundleFiles = definition.bundleFiles ?? [];
    const lazyModules = definition.lazyModules ?? [];
    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, `${definition.handler}.ts`),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: definition.memoryMb ?? settings.lambda.memoryMb,
      timeout: Duration.seconds(definition.timeoutSeconds ?? settings.lambda.timeoutSeconds),
      reservedConcurrentExecutions: props.reservedConcurrency ?? settings.lambda.reservedConcurrency,
      tracing: props.traced === false ? lambda.Tracing.DISABLED : lambda.Tracing.ACTIVE,
      logGroup: this.logGroup,
      // JSON is what lets Lambda filter its own lines (stages.ts platformLogs). The handlers' lines are JSON already
      // (Powertools Logger) and pass unchanged. Lambda's application level becomes Powertools' level (it reads
      // AWS_LAMBDA_LOG_LEVEL first), so it is the stage's: DEBUG or INFO, never stricter, since the metric (EMF) lines
      // carry no level and Lambda counts them as INFO.
      loggingFormat: lambda.LoggingFormat.JSON,
      systemLogLevelV2: lambda.SystemLogLevel[settings.lambda.platformLogs],
      applicationLogLevelV2: settings.runtime.logLevel === 'DEBUG' ? lambda.ApplicationLogLevel.DEBUG : lambda.ApplicationLogLevel.INFO,
      role,
      description: `${settings.stage} ${definition.id} (${definition.handler})`,
      environment: {
        ...environment,
        ...settings.runtime.walletTrust,
        NODE_OPTIONS: '--enable-source-maps',
        // Read by Powertools itself: the service every log line, metric and trace names.
        POWERTOOLS_SERVICE_NAME: 'payments',
      },
      bundling: {
        format: OutputFormat.ESM,
        ...LAMBDA_BUNDLING,
        sourceMap: true,
        // Bundle the AWS SDK at the versions pinned in package-lock.json (tested locally) instead of whatever
        // version the Lambda runtime happens to ship.
        externalModules: [],
        // Static assets a handler reads at run time (the API reference's renderer), copied beside the bundle, and the
        // modules it imports when first needed, bundled beside it.
        ...(bundleFiles.length || lazyModules.length
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (inputDir: string, outputDir: string) => [
                  ...bundleFiles.map((f) => `cp "${path.join(inputDir, f)}" "${outputDir}/"`),
                  ...lazyModules.map((m) => lazyModuleCommand(inputDir, outputDir, m)),
                ],
              },
            }
          : {}),
      },
    });

    this.applyGrants(definition.grants);
    if (definition.grants.includes('scheduler:create:apm-deadlines')) this.allowDeadlineSchedules();

    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions, so their resource is "*".',
    });
    const tableLogicalId = Stack.of(this).getLogicalId(platform.table.node.defaultChild as CfnElement);
    const tableStack = Stack.of(platform.table);
    // In a nested stack (the console API's functions) the table's ARN arrives as a parameter of the parent's.
    const tableRef =
      Stack.of(this) === tableStack
        ? `${tableLogicalId}.Arn`
        : `referenceto${Names.uniqueId(platform.table.node.defaultChild as CfnElement)}Arn`;
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${tableRef}>/index/*]`,
      reason: 'Table grants cover its global secondary indexes (<table>/index/*): order lookups and the sparse work queues query them.',
    });
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Pinned to nodejs22.x on purpose: the bundle targets node22 and the platform is tested on Node 22 (package.json engines).',
    });
  }

  /** Wires this function to its queue with partial-batch responses; consume rights on that queue only. */
  consumeFrom(queueKey: QueueKey, batchSize: number, batchingWindowSeconds = 0): void {
    this.function.addEventSource(
      new SqsEventSource(this.keylessQueue(queueKey), {
        batchSize,
        reportBatchItemFailures: true,
        ...(batchingWindowSeconds > 0 ? { maxBatchingWindow: Duration.seconds(batchingWindowSeconds) } : {}),
      }),
    );
    this.allowKeyVia('sqs', ['kms:Decrypt']);
  }

  /**
   * Asynchronous invocations (the outbox consumer's direct handoff): Lambda retries a failed event `retryAttempts`
   * times, drops it past `maximumEventAgeSeconds`, and puts what it gave up on (Lambda's destination record) on
   * this function's own queue, whose consumer reads the record. Sending there is this function's role's right.
   */
  acceptAsyncInvokes(queueKey: QueueKey, config: { retryAttempts: number; maximumEventAgeSeconds: number }): void {
    this.function.configureAsyncInvoke({
      retryAttempts: config.retryAttempts,
      maxEventAge: Duration.seconds(config.maximumEventAgeSeconds),
      // A key-less reference: the destination's sends get the key through SQS only (allowKeyVia below).
      onFailure: new SqsDestination(this.keylessQueue(queueKey)),
    });
    this.allowKeyVia('sqs', ['kms:GenerateDataKey', 'kms:Decrypt']);
  }

  /** May invoke `target` (InvokeFunction on that function only), whose name it reads from `variable`. */
  invokes(target: PlatformFunction, variable: Extract<ConfigVariable, 'CALLBACK_DELIVER_FUNCTION'>): void {
    this.function.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [target.function.functionArn] }),
    );
    this.function.addEnvironment(variable, target.function.functionName);
  }

  /**
   * Wires this function to the table's stream: only INSERTs (and MODIFYs) of the given item kinds invoke it (event
   * filtering), failed batches are retried and split; what still fails is described on `onFailure` when given (the
   * outbox's own sweeper covers anything that never arrives).
   */
  consumeTableStream(
    def: Pick<StreamConsumerDefinition, 'batchSize' | 'insertedKinds' | 'modifiedKinds' | 'windowSeconds' | 'batchingWindowSeconds'>,
    onFailure?: sqs.IQueue,
  ): void {
    const { table } = this.platform;
    // Key-less reference, as for the table grants: stream reads are allowed the key through DynamoDB only.
    const streamed = dynamodb.TableV2.fromTableAttributes(this, 'StreamRef', {
      tableArn: table.tableArn,
      tableStreamArn: table.tableStreamArn,
    });
    const kinds = (events: string, list: readonly string[]) =>
      lambda.FilterCriteria.filter({
        eventName: lambda.FilterRule.isEqual(events),
        dynamodb: { NewImage: { kind: { S: lambda.FilterRule.or(...list) } } },
      });
    this.function.addEventSource(
      new DynamoEventSource(streamed, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: def.batchSize,
        maxBatchingWindow: def.batchingWindowSeconds ? Duration.seconds(def.batchingWindowSeconds) : Duration.millis(0),
        retryAttempts: 10,
        bisectBatchOnError: true,
        filters: [kinds('INSERT', def.insertedKinds), ...(def.modifiedKinds?.length ? [kinds('MODIFY', def.modifiedKinds)] : [])],
        ...(def.windowSeconds ? { tumblingWindow: Duration.seconds(def.windowSeconds) } : {}),
        // A key-less reference: sending to the queue must not grant direct use of the platform key (allowKeyVia below).
        ...(onFailure ? { onFailure: new SqsDlq(sqs.Queue.fromQueueArn(this, 'StreamFailuresRef', onFailure.queueArn)) } : {}),
      }),
    );
    this.allowKeyVia('dynamodb', ['kms:Decrypt']);
    if (onFailure) this.allowKeyVia('sqs', ['kms:GenerateDataKey', 'kms:Decrypt']);
  }

  private applyGrants(grants: readonly Grant[]): void {
    const fn = this.function;
    // Table grants use a key-less reference to the same table: grantReadData/grantWriteData would otherwise add
    // kms:Decrypt (and Encrypt) on the payments key usable directly, which is the key that wraps card data keys.
    // DynamoDB only needs the caller to be allowed the key through DynamoDB, which allowKeyVia() expresses.
    const table = dynamodb.TableV2.fromTableAttributes(this, 'TableRef', {
      tableArn: this.platform.table.tableArn,
      grantIndexPermissions: true,
    });
    const canRead = grants.includes('table:read');
    const canWrite = grants.includes('table:write');
    if (canRead && canWrite) table.grantReadWriteData(fn);
    else if (canRead) table.grantReadData(fn);
    else if (canWrite) table.grantWriteData(fn);
    if (canRead || canWrite) {
      const keyRead = ['kms:Decrypt', 'kms:DescribeKey'];
      this.allowKeyVia('dynamodb', canWrite ? [...keyRead, 'kms:Encrypt', 'kms:GenerateDataKey'] : keyRead);
    }

    // Direct use of a purpose key (unwrap / generate data keys): only the purposes the function lists, and only with
    // that purpose in the encryption context. The table key is never usable directly.
    for (const purpose of KEY_PURPOSES) {
      const seals = grants.includes(`kms:encrypt:${purpose}`);
      if (!seals && !grants.includes(`kms:decrypt:${purpose}`)) continue;
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          // Sealing unwraps the active data key too, and creates the next one when it is due.
          actions: seals ? ['kms:Decrypt', 'kms:GenerateDataKey'] : ['kms:Decrypt'],
          resources: [this.platform.purposeKeys[purpose].keyArn],
          conditions: { StringEquals: { 'kms:EncryptionContext:purpose': purpose } },
        }),
      );
    }

    // The console's user pool: each function only the admin calls it makes, on the stage's pool only (the public
    // sign-in routes cannot create, disable or enable users).
    const cognitoActions = grants.flatMap((g) => COGNITO_ACTIONS[g] ?? []);
    if (cognitoActions.length && this.platform.console) {
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: cognitoActions, resources: [this.platform.console.userPoolArn] }));
    }

    let sends = false;
    for (const grant of grants) {
      if (!grant.startsWith(QUEUE_SEND_PREFIX)) continue;
      this.keylessQueue(grant.slice(QUEUE_SEND_PREFIX.length) as QueueKey).grantSendMessages(fn);
      sends = true;
    }
    for (const grant of grants) {
      if (!grant.startsWith(QUEUE_REDRIVE_PREFIX)) continue;
      const queueKey = grant.slice(QUEUE_REDRIVE_PREFIX.length) as QueueKey;
      const dlq = this.platform.deadLetterQueues?.[queueKey];
      if (!dlq) throw new Error(`${this.node.id}: the ${grant} grant needs the ${queueKey} dead-letter queue`);
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility', 'sqs:GetQueueAttributes'],
          resources: [dlq.queueArn],
        }),
      );
      sends = true;
    }
    // SQS server-side encryption: a sender needs a data key from the queue's KMS key, through SQS only.
    if (sends) this.allowKeyVia('sqs', ['kms:GenerateDataKey', 'kms:Decrypt']);
  }

  /**
   * One-time schedules in the APM deadline group only, and the one role they may pass (to Scheduler only); the
   * function learns where through its environment.
   */
  private allowDeadlineSchedules(): void {
    const schedules = this.platform.deadlineSchedules;
    if (!schedules) throw new Error(`${this.node.id}: the scheduler:create:apm-deadlines grant needs the deadline schedule group`);
    const stack = Stack.of(this);
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:CreateSchedule'],
        resources: [stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${schedules.groupName}/*` })],
      }),
    );
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [schedules.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    const environment: Pick<
      Record<ConfigVariable, string>,
      'APM_DEADLINE_SCHEDULE_GROUP' | 'APM_DEADLINE_SCHEDULER_ROLE_ARN' | 'EVENT_BUS_ARN'
    > = {
      APM_DEADLINE_SCHEDULE_GROUP: schedules.groupName,
      APM_DEADLINE_SCHEDULER_ROLE_ARN: schedules.role.roleArn,
      EVENT_BUS_ARN: this.platform.bus.eventBusArn,
    };
    for (const [name, value] of Object.entries(environment)) this.function.addEnvironment(name, value);
    const groupLogicalId = stack.getLogicalId(schedules.group);
    Validations.of(this.function.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:${stack.region}:${stack.account}:schedule/<${groupLogicalId}>/*]`,
      reason: 'One schedule per APM payment deadline, named after the payment: creation is limited to the deadline group.',
    });
  }

  /** The queue without its key: grants on it add SQS actions only; key use is added via allowKeyVia('sqs'). */
  private keylessQueue(queueKey: QueueKey): sqs.IQueue {
    const id = `QueueRef-${queueKey}`;
    const existing = this.node.tryFindChild(id) as sqs.IQueue | undefined;
    if (existing) return existing;
    const queue = this.platform.queues[queueKey];
    return sqs.Queue.fromQueueAttributes(this, id, {
      queueArn: queue.queueArn,
      queueUrl: queue.queueUrl,
      queueName: queue.queueName,
    });
  }

  /** Lets the function use the payments key only when `service` calls KMS on its behalf. */
  private allowKeyVia(service: 'dynamodb' | 'sqs', actions: string[]): void {
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions,
        resources: [this.platform.key.keyArn],
        conditions: { StringEquals: { 'kms:ViaService': `${service}.${Stack.of(this).region}.amazonaws.com` } },
      }),
    );
  }
}
