/**
 * Observability: an encrypted SNS topic for alarms (with the operators' email subscriptions, `-c alarmEmail=`), the
 * alarms on what hurts merchants (infra/observability/alarms.ts, each linking its docs/operations.md section) and
 * the stage's dashboard (infra/observability/dashboard.ts).
 */
import { Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { PlatformFunction } from '../constructs/platform-function.js';
import { PlatformAlarms } from '../observability/alarms.js';
import { platformDashboard } from '../observability/dashboard.js';
import type { StageSettings } from '../stages.js';

export interface ObservabilityProps {
  settings: StageSettings;
  /** Dead-letter queues by queue key, and the table stream consumers' failure queues. */
  deadLetterQueues: Record<string, sqs.IQueue>;
  functions: readonly PlatformFunction[];
  /** The table stream's consumers (iterator age). */
  streamConsumers: readonly PlatformFunction[];
  table: dynamodb.ITableV2;
  httpApi: apigw.IHttpApi;
  /** `-c alarmEmail=a@x,b@y`: subscribed to the alarm topic (each confirms AWS's email once). */
  alarmEmails?: readonly string[];
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
  readonly alarms: readonly cloudwatch.Alarm[];
  readonly dashboard: cloudwatch.Dashboard;

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
    for (const email of props.alarmEmails ?? []) this.topic.addSubscription(new subscriptions.EmailSubscription(email));
    const action = new actions.SnsAction(this.topic);

    const alarms = new PlatformAlarms(this, 'Alarms', {
      settings,
      httpApi: props.httpApi,
      functions: props.functions,
      streamConsumers: props.streamConsumers,
      deadLetterQueues: props.deadLetterQueues,
      table: props.table,
      tableOperations: TABLE_OPERATIONS,
      action,
    });
    this.alarms = alarms.alarms;
    // The console API's alarms stay in its nested stack; the status widget shows the stack's own.
    const own = alarms.alarms.filter((a) => Stack.of(a) === Stack.of(this));
    this.dashboard = platformDashboard(this, 'Dashboard', {
      stage: settings.stage,
      httpApi: props.httpApi,
      streamConsumers: props.streamConsumers,
      callbacksDlq: props.deadLetterQueues.callbacks,
      table: props.table,
      alarms: own,
    });
  }
}
