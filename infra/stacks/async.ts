/**
 * Async: the queues (each with its DLQ) and the ops event bus, and the functions fed by them —
 * QUEUE_CONSUMERS (SQS, partial batch responses), STREAM_CONSUMERS (the table's stream, filtered), SCHEDULED (rate
 * rules) and OPS_EVENTS (rules on the ops bus).
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EVENT_BUS, QUEUES, type QueueKey, deadLetterName, physicalName } from '../../shared/lib/resources.js';
import type {
  OpsEventDefinition,
  QueueConsumerDefinition,
  ScheduledDefinition,
  StreamConsumerDefinition,
} from '../../shared/entry/routes/types.js';
import { PlatformFunction, type DeadlineSchedules, type PlatformResources } from '../constructs/platform-function.js';
import type { StageSettings } from '../stages.js';

export interface AsyncProps {
  settings: StageSettings;
  key: kms.IKey;
}

export interface EventFunctionTables {
  consumers: readonly QueueConsumerDefinition[];
  scheduled: readonly ScheduledDefinition[];
  opsEvents: readonly OpsEventDefinition[];
  streams?: readonly StreamConsumerDefinition[];
}

export class Async extends Construct {
  readonly queues: Record<QueueKey, sqs.Queue>;
  readonly deadLetterQueues: Record<QueueKey, sqs.Queue>;
  readonly bus: events.EventBus;
  /** APM deadlines' one-time schedules: their group and the role Scheduler assumes (events:PutEvents on the bus). */
  readonly deadlineSchedules: DeadlineSchedules;
  readonly functions: PlatformFunction[] = [];
  /** The table stream's consumers, and the queues their failed batches are described on (by consumer id). */
  readonly streamFunctions: PlatformFunction[] = [];
  readonly streamFailureQueues: Record<string, sqs.Queue> = {};

  constructor(scope: Construct, id: string, props: AsyncProps) {
    super(scope, id);
    const { settings, key } = props;
    const encrypted = {
      encryption: sqs.QueueEncryption.KMS,
      encryptionMasterKey: key,
      enforceSSL: true,
      removalPolicy: settings.removalPolicy,
    };

    const queues: Partial<Record<QueueKey, sqs.Queue>> = {};
    const dlqs: Partial<Record<QueueKey, sqs.Queue>> = {};
    for (const [queueKey, def] of Object.entries(QUEUES) as [QueueKey, (typeof QUEUES)[QueueKey]][]) {
      const dlq = new sqs.Queue(this, `${queueKey}Dlq`, {
        ...encrypted,
        queueName: deadLetterName(settings.stage, def.logicalName),
        retentionPeriod: Duration.days(14),
      });
      dlqs[queueKey] = dlq;
      queues[queueKey] = new sqs.Queue(this, queueKey, {
        ...encrypted,
        queueName: physicalName(settings.stage, def.logicalName),
        visibilityTimeout: Duration.seconds(def.visibilityTimeoutSeconds),
        retentionPeriod: Duration.days(def.retentionDays),
        deadLetterQueue: { queue: dlq, maxReceiveCount: def.maxReceiveCount },
      });
    }
    this.queues = queues as Record<QueueKey, sqs.Queue>;
    this.deadLetterQueues = dlqs as Record<QueueKey, sqs.Queue>;

    this.bus = new events.EventBus(this, 'OpsBus', {
      eventBusName: physicalName(settings.stage, EVENT_BUS.logicalName),
    });

    // Each APM deadline (QR lifetime, bank window) is one one-time schedule here, deleted after it ran; it puts an
    // ApmDeadlineDue event on the ops bus, whose rule runs the deadline handler (shared/entry/routes/providers.ts).
    const group = new scheduler.CfnScheduleGroup(this, 'ApmDeadlineSchedules', { name: physicalName(settings.stage, 'apm-deadlines') });
    const role = new iam.Role(this, 'ApmDeadlineSchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: `${settings.stage} EventBridge Scheduler: APM deadline wake-ups onto the ops bus`,
    });
    this.bus.grantPutEventsTo(role);
    this.deadlineSchedules = { group, groupName: group.ref, role };
  }

  addFunctions(tables: EventFunctionTables, platform: PlatformResources): void {
    const { settings } = platform;
    const byId = new Map<string, PlatformFunction>();

    for (const consumer of tables.consumers) {
      const visibility = QUEUES[consumer.queue].visibilityTimeoutSeconds;
      const timeout = consumer.timeoutSeconds ?? Math.min(settings.lambda.consumerTimeoutSeconds, visibility);
      if (timeout > visibility) {
        // SQS would hand the message to a second invocation while the first is still working on it.
        throw new Error(`${consumer.id}: timeout ${timeout}s exceeds the ${consumer.queue} visibility timeout ${visibility}s`);
      }
      const fn = new PlatformFunction(this, consumer.id, {
        definition: { ...consumer, timeoutSeconds: timeout },
        platform,
        traced: false,
      });
      fn.consumeFrom(consumer.queue, consumer.batchSize, consumer.batchingWindowSeconds);
      if (consumer.asyncInvoke) fn.acceptAsyncInvokes(consumer.queue, consumer.asyncInvoke);
      this.functions.push(fn);
      byId.set(consumer.id, fn);
    }

    for (const stream of tables.streams ?? []) {
      const fn = new PlatformFunction(this, stream.id, { definition: stream, platform, traced: false });
      const failures = stream.failureQueue
        ? new sqs.Queue(this, `${stream.id}Failures`, {
            encryption: sqs.QueueEncryption.KMS,
            encryptionMasterKey: platform.key,
            enforceSSL: true,
            removalPolicy: settings.removalPolicy,
            queueName: physicalName(
              settings.stage,
              `${stream.id.replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase())}-failures`,
            ),
            retentionPeriod: Duration.days(14),
          })
        : undefined;
      if (failures) {
        this.streamFailureQueues[stream.id] = failures;
        Validations.of(failures).acknowledge({
          id: 'AwsSolutions-SQS3',
          reason: 'It is the dead-letter destination itself: the stream mapping describes batches it gave up on here.',
        });
      }
      fn.consumeTableStream(stream, failures);
      // The outbox consumer hands callbacks' first attempts to their delivery function (docs/callbacks.md).
      if (stream.grants.includes('function:invoke:CallbackDeliver')) {
        const target = byId.get('CallbackDeliver');
        if (!target) throw new Error(`${stream.id}: the function:invoke:CallbackDeliver grant needs the CallbackDeliver function`);
        fn.invokes(target, 'CALLBACK_DELIVER_FUNCTION');
      }
      this.functions.push(fn);
      this.streamFunctions.push(fn);
    }

    for (const scheduled of tables.scheduled) {
      const fn = new PlatformFunction(this, scheduled.id, { definition: scheduled, platform, traced: false });
      new events.Rule(this, `${scheduled.id}Schedule`, {
        description: `${settings.stage} ${scheduled.id} every ${scheduled.everyMinutes} min`,
        schedule: events.Schedule.rate(Duration.minutes(scheduled.everyMinutes)),
        targets: [new targets.LambdaFunction(fn.function)],
      });
      this.functions.push(fn);
    }

    for (const ops of tables.opsEvents) {
      const fn = new PlatformFunction(this, ops.id, { definition: ops, platform, traced: false });
      new events.Rule(this, `${ops.id}Rule`, {
        eventBus: this.bus,
        description: `${settings.stage} ${ops.id}: ${ops.detailTypes.join(', ')}`,
        eventPattern: { source: [EVENT_BUS.opsSource], detailType: [...ops.detailTypes] },
        targets: [new targets.LambdaFunction(fn.function)],
      });
      this.functions.push(fn);
    }
  }
}
