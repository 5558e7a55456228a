/**
 * The alarms on what hurts merchants, each sent to the stage's alarm topic with a description that says what to do
 * (runbook.ts). Thresholds are here, not per stage: they describe the platform's promises (docs/operations.md),
 * and the stage's alarm period (stages.ts) says how fast a live stage hears about a breach.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { PlatformFunction } from '../constructs/platform-function.js';
import type { StageSettings } from '../stages.js';
import {
  DELIVERY_OUTCOMES,
  MONEY_ROUTES,
  deliveries,
  kmsErrors,
  latency,
  lateAcquirerOutcomes,
  mismatchedAcquirerAnswers,
  riskBlocked,
  undeterminedPayments,
} from './platform-metrics.js';
import { alarmDescription, type AlarmSlug } from './runbook.js';

/** An alarm's metric math takes at most ten metrics. */
const MATH_METRICS = 10;

export const THRESHOLDS = {
  /** Share of API requests answered 5xx (%), once at least `minRequests` came in the period. */
  api5xxPercent: 1,
  minRequests: 10,
  /** p99 of a money route's handler latency, over 5 minutes. */
  moneyRouteP99Ms: 3000,
  /** Age of the oldest stream record a consumer has not processed. */
  iteratorAgeMs: 60_000,
  /** Share of callback delivery attempts that failed (retry or dead-lettered, %), once at least `minDeliveries`. */
  callbackFailurePercent: 20,
  minDeliveries: 10,
  /** Card payments the card-testing guard declined in 5 minutes, platform-wide: a tester at work (docs/risk.md). */
  cardTestingBlocked: 20,
} as const;

export interface PlatformAlarmsProps {
  settings: StageSettings;
  httpApi: apigw.IHttpApi;
  functions: readonly PlatformFunction[];
  /** The table stream's consumers (their IteratorAge). */
  streamConsumers: readonly PlatformFunction[];
  /** Every dead-letter queue and stream failure queue, by name. */
  deadLetterQueues: Record<string, sqs.IQueue>;
  table: dynamodb.ITableV2;
  tableOperations: dynamodb.Operation[];
  /** Each alarm's action (the alarm topic). */
  action: cloudwatch.IAlarmAction;
}

/** Consecutive groups of at most MATH_METRICS. */
function groups<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += MATH_METRICS) out.push(items.slice(i, i + MATH_METRICS));
  return out;
}

export class PlatformAlarms extends Construct {
  readonly alarms: cloudwatch.Alarm[] = [];
  private readonly props: PlatformAlarmsProps;

  constructor(scope: Construct, id: string, props: PlatformAlarmsProps) {
    super(scope, id);
    this.props = props;
    const { settings } = props;
    const period = settings.alarms.period;
    const stage = settings.stage;
    const slow = Duration.minutes(5);

    const requests = props.httpApi.metricCount({ period, statistic: 'Sum' });
    const errors5xx = props.httpApi.metricServerError({ period, statistic: 'Sum' });
    this.add('Api5xxRate', 'api-5xx-rate', `more than ${THRESHOLDS.api5xxPercent}% of API requests answered 5xx`, {
      alarmName: `${stage}-payments-api-5xx-rate`,
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${THRESHOLDS.minRequests}, 100 * errors / requests, 0)`,
        usingMetrics: { requests, errors: errors5xx },
        period,
        label: '5xx %',
      }),
      threshold: THRESHOLDS.api5xxPercent,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });

    for (const route of MONEY_ROUTES) {
      this.add(
        `Latency${route.replace(/[^A-Za-z0-9]/g, '')}`,
        'money-route-latency',
        `p99 latency of ${route} above ${THRESHOLDS.moneyRouteP99Ms} ms`,
        {
          alarmName: `${stage}-payments-p99-latency ${route}`,
          metric: latency(route, 'p99', slow),
          threshold: THRESHOLDS.moneyRouteP99Ms,
          evaluationPeriods: 3,
          datapointsToAlarm: 2,
        },
      );
    }

    // Alarms live here (the observability nested stack keeps the main stack under CloudFormation's 500 resources),
    // except those of functions in another nested stack (the console API's): beside their functions.
    const here = props.functions.filter((fn) => this.holds(fn));
    const elsewhere = props.functions.filter((fn) => !this.holds(fn));
    for (const fn of props.functions) {
      const alarm = new cloudwatch.Alarm(this.holds(fn) ? this : fn, this.holds(fn) ? `${fn.node.id}Errors` : 'ErrorsAlarm', {
        alarmDescription: alarmDescription(stage, 'lambda-errors', `${fn.node.id} errors`),
        metric: fn.function.metricErrors({ period, statistic: 'Sum' }),
        threshold: settings.alarms.lambdaErrors,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(props.action);
      this.alarms.push(alarm);
    }

    // Throttles of up to ten functions per alarm (metric math's limit): a handful of alarms instead of one each.
    this.throttles(this, here, 'Throttles');
    for (const [i, group] of groups(elsewhere).entries()) this.throttles(group[0]!, group, `ThrottlesAlarm${i + 1}`);

    for (const [name, dlq] of Object.entries(props.deadLetterQueues)) {
      this.add(`${name}DlqAlarm`, 'dead-letter-queue', `messages in the ${name} dead-letter queue`, {
        metric: dlq.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
        threshold: settings.alarms.dlqVisibleMessages,
        evaluationPeriods: 1,
      });
    }

    for (const fn of props.streamConsumers) {
      this.add(
        `${fn.node.id}IteratorAge`,
        'stream-iterator-age',
        `${fn.node.id} is more than ${THRESHOLDS.iteratorAgeMs / 1000} s behind the table stream`,
        {
          alarmName: `${stage}-payments-iterator-age ${fn.node.id}`,
          metric: fn.function.metric('IteratorAge', { period, statistic: 'Maximum' }),
          threshold: THRESHOLDS.iteratorAgeMs,
          evaluationPeriods: 3,
          datapointsToAlarm: 2,
        },
      );
    }

    const outcomes = Object.fromEntries(DELIVERY_OUTCOMES.map((o) => [o, deliveries(o, slow)]));
    this.add(
      'CallbackFailureRate',
      'callback-failure-rate',
      `more than ${THRESHOLDS.callbackFailurePercent}% of callback delivery attempts failed`,
      {
        alarmName: `${stage}-payments-callback-failure-rate`,
        metric: new cloudwatch.MathExpression({
          expression: `IF((delivered + retry + failed) >= ${THRESHOLDS.minDeliveries}, 100 * (retry + failed) / (delivered + retry + failed), 0)`,
          usingMetrics: outcomes,
          period: slow,
          label: 'failed attempts %',
        }),
        threshold: THRESHOLDS.callbackFailurePercent,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
      },
    );

    // The reconciler counts them every 5 minutes; a run that did not happen is the Reconciler's errors alarm.
    this.add('UndeterminedPayments', 'undetermined-payments', 'payments waiting for the acquirer for more than 10 minutes', {
      alarmName: `${stage}-payments-undetermined`,
      metric: undeterminedPayments(slow),
      threshold: 0,
      evaluationPeriods: 1,
    });

    this.add('KmsErrors', 'kms-errors', 'KMS calls failed', {
      alarmName: `${stage}-payments-kms-errors`,
      metric: kmsErrors(period),
      threshold: 0,
      evaluationPeriods: 1,
    });

    // One is already a payment the platform would have recorded wrongly, or a payer trying another payment's result.
    this.add(
      'MismatchedAcquirerAnswers',
      'mismatched-acquirer-answers',
      'an acquirer answered about another payment than the one asked about',
      {
        alarmName: `${stage}-payments-mismatched-acquirer-answers`,
        metric: mismatchedAcquirerAnswers(period),
        threshold: 0,
        evaluationPeriods: 1,
      },
    );

    // One is money the acquirer moved against what the platform recorded: a reversal to check, or a merchant to tell.
    this.add(
      'LateAcquirerOutcomes',
      'late-acquirer-outcomes',
      'an acquirer reported an outcome contradicting the recorded payment (late approval, failed capture or refund)',
      {
        alarmName: `${stage}-payments-late-acquirer-outcomes`,
        metric: lateAcquirerOutcomes(period),
        threshold: 0,
        evaluationPeriods: 1,
      },
    );

    // The guard stops the tester; the operator still wants to know one is at work (and may blocklist the range).
    this.add(
      'CardTestingBurst',
      'card-testing-burst',
      `more than ${THRESHOLDS.cardTestingBlocked} card payments declined by the card-testing guard in 5 minutes`,
      {
        alarmName: `${stage}-payments-card-testing-burst`,
        metric: riskBlocked('CardTestingBlocked', slow),
        threshold: THRESHOLDS.cardTestingBlocked,
        evaluationPeriods: 1,
      },
    );

    // Provisioned capacity throttles a spike faster than auto scaling; on-demand one past twice the previous peak
    // or a hot partition. The SDK retries a throttled call, but a SALE still waiting when its retries run out fails.
    this.add(
      'TableThrottlesAlarm',
      'table-throttles',
      `the payments table throttled requests (capacity mode: ${settings.tableCapacity.mode})`,
      {
        metric: props.table.metricThrottledRequestsForOperations({ operations: props.tableOperations, period, statistic: 'Sum' }),
        threshold: settings.alarms.tableThrottleEvents,
        evaluationPeriods: 1,
      },
    );
  }

  /** Whether `fn`'s alarms belong in this construct's stack: it is that stack's, or its parent's. */
  private holds(fn: PlatformFunction): boolean {
    const own = Stack.of(this);
    return Stack.of(fn) === own || Stack.of(fn) === own.nestedStackParent;
  }

  /** One alarm per ten functions on the sum of their throttled invocations, in `scope`. */
  private throttles(scope: Construct, functions: readonly PlatformFunction[], idPrefix: string): void {
    const { settings, action } = this.props;
    const period = settings.alarms.period;
    for (const [i, group] of groups(functions).entries()) {
      const usingMetrics = Object.fromEntries(group.map((fn, j) => [`t${j}`, fn.function.metricThrottles({ period, statistic: 'Sum' })]));
      const alarm = new cloudwatch.Alarm(scope, scope === this ? `${idPrefix}${i + 1}` : idPrefix, {
        alarmDescription: alarmDescription(
          settings.stage,
          'lambda-throttles',
          `Lambda throttled invocations of ${group.map((fn) => fn.node.id).join(', ')}`,
        ),
        metric: new cloudwatch.MathExpression({
          expression: `SUM([${Object.keys(usingMetrics).join(',')}])`,
          usingMetrics,
          period,
          label: 'throttles',
        }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      this.alarms.push(alarm);
    }
  }

  private add(
    id: string,
    slug: AlarmSlug,
    what: string,
    props: Omit<cloudwatch.AlarmProps, 'alarmDescription' | 'comparisonOperator' | 'treatMissingData'>,
  ): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      ...props,
      alarmDescription: alarmDescription(this.props.settings.stage, slug, what),
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      // No data is no traffic (or no failure): not a breach. A stopped function is its own alarm (errors, iterator age).
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.props.action);
    this.alarms.push(alarm);
    return alarm;
  }
}
