/**
 * Observability: an encrypted SNS topic for alarms; alarms on every DLQ, on every function's errors and on the
 * table's throttled requests.
 */
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { PlatformFunction } from '../constructs/platform-function.js';
import type { StageSettings } from '../stages.js';

export interface ObservabilityProps {
  settings: StageSettings;
  deadLetterQueues: Record<string, sqs.IQueue>;
  functions: readonly PlatformFunction[];
  table: dynamodb.ITableV2;
}

/**
 * The operations the platform sends (an alarm's metric math takes at most ten metrics, so not all of DynamoDB's).
 * A request counts as throttled when the table or any of its indexes refused it.
 */
const TABLE_OPERATIONS = [
  dynamodb.Operation.GET_ITEM,
  dynamodb.Operation.BATCH_GET_ITEM,
  dynamodb.Operation.TRANSACT_GET_ITEMS,
  dynamodb.Operation.QUERY,
  dynamodb.Operation.SCAN,
  dynamodb.Operation.PUT_ITEM,
  dynamodb.Operation.UPDATE_ITEM,
  dynamodb.Operation.DELETE_ITEM,
  dynamodb.Operation.BATCH_WRITE_ITEM,
  dynamodb.Operation.TRANSACT_WRITE_ITEMS,
];

export class Observability extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const { settings } = props;

    // A key of its own: CloudWatch must be allowed to use it, and it must not be allowed the payments key.
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: `${settings.stage} payments alarm topic`,
      enableKeyRotation: true,
      removalPolicy: settings.removalPolicy,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      topicName: `${settings.stage}-payments-alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    const notify = new actions.SnsAction(this.topic);

    for (const [queueKey, dlq] of Object.entries(props.deadLetterQueues)) {
      const alarm = new cloudwatch.Alarm(this, `${queueKey}DlqAlarm`, {
        alarmDescription: `${settings.stage}: messages in the ${queueKey} dead-letter queue`,
        metric: dlq.metricApproximateNumberOfMessagesVisible({ period: settings.alarms.period, statistic: 'Maximum' }),
        threshold: settings.alarms.dlqVisibleMessages,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(notify);
    }

    for (const fn of props.functions) {
      const alarm = new cloudwatch.Alarm(fn, 'ErrorsAlarm', {
        alarmDescription: `${settings.stage}: ${fn.node.id} errors`,
        metric: fn.function.metricErrors({ period: settings.alarms.period, statistic: 'Sum' }),
        threshold: settings.alarms.lambdaErrors,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(notify);
    }

    // Provisioned capacity throttles a spike faster than auto scaling; on-demand one past twice the previous peak
    // or a hot partition. The SDK retries a throttled call, but a SALE still waiting when its retries run out fails.
    const throttles = new cloudwatch.Alarm(this, 'TableThrottlesAlarm', {
      alarmDescription: `${settings.stage}: the payments table throttled requests (capacity mode: ${settings.tableCapacity.mode})`,
      metric: props.table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: settings.alarms.period, statistic: 'Sum' }),
      threshold: settings.alarms.tableThrottleEvents,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    throttles.addAlarmAction(notify);
  }
}
