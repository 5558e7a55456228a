/**
 * One CloudWatch dashboard per stage (`<stage>-payments`): what merchants feel first (payments by result, money-route
 * latency, callbacks and their dead-letter queue), then what lags behind (stream iterator age, undetermined
 * payments), the table's write units, and every alarm's state.
 */
import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { PlatformFunction } from '../constructs/platform-function.js';
import {
  DELIVERY_OUTCOMES,
  MONEY_ROUTES,
  RISK_CONTROL_METRICS,
  deliveries,
  latency,
  paymentsByResult,
  riskBlocked,
  undeterminedPayments,
} from './platform-metrics.js';

export interface PlatformDashboardProps {
  stage: string;
  httpApi: apigw.IHttpApi;
  streamConsumers: readonly PlatformFunction[];
  /** The callbacks' dead-letter queue (its depth beside the deliveries). */
  callbacksDlq?: sqs.IQueue;
  table: dynamodb.ITableV2;
  alarms: readonly cloudwatch.IAlarm[];
}

const MINUTE = Duration.minutes(1);
const FIVE_MINUTES = Duration.minutes(5);
const WIDTH = 12;
const HEIGHT = 6;

export function platformDashboard(scope: Construct, id: string, props: PlatformDashboardProps): cloudwatch.Dashboard {
  const graph = (title: string, left: cloudwatch.IMetric[], extra: Partial<cloudwatch.GraphWidgetProps> = {}) =>
    new cloudwatch.GraphWidget({ title, left, width: WIDTH, height: HEIGHT, ...extra });

  const dashboard = new cloudwatch.Dashboard(scope, id, {
    dashboardName: `${props.stage}-payments`,
    defaultInterval: Duration.hours(3),
  });

  dashboard.addWidgets(
    graph('Payments per minute by result', [paymentsByResult(MINUTE)], { stacked: true }),
    graph('API requests and 5xx per minute', [props.httpApi.metricCount({ period: MINUTE, statistic: 'Sum', label: 'requests' })], {
      right: [props.httpApi.metricServerError({ period: MINUTE, statistic: 'Sum', label: '5xx' })],
    }),
  );
  dashboard.addWidgets(
    graph(
      'Money routes p50 latency (ms)',
      MONEY_ROUTES.map((r) => latency(r, 'p50', FIVE_MINUTES, r)),
    ),
    graph(
      'Money routes p99 latency (ms)',
      MONEY_ROUTES.map((r) => latency(r, 'p99', FIVE_MINUTES, r)),
    ),
  );
  dashboard.addWidgets(
    graph(
      'Callback deliveries (attempts per 5 min)',
      DELIVERY_OUTCOMES.map((o) => deliveries(o, FIVE_MINUTES, o)),
      {
        ...(props.callbacksDlq
          ? {
              right: [
                props.callbacksDlq.metricApproximateNumberOfMessagesVisible({
                  period: MINUTE,
                  statistic: 'Maximum',
                  label: 'callbacks DLQ depth',
                }),
              ],
            }
          : {}),
      },
    ),
    graph(
      'Table stream iterator age (ms)',
      props.streamConsumers.map((fn) => fn.function.metric('IteratorAge', { period: MINUTE, statistic: 'Maximum', label: fn.node.id })),
    ),
  );
  dashboard.addWidgets(
    graph('Payments undetermined for more than 10 minutes', [undeterminedPayments(FIVE_MINUTES, 'payments')]),
    graph('Table write units consumed per minute', [
      props.table.metricConsumedWriteCapacityUnits({ period: MINUTE, statistic: 'Sum', label: 'write units' }),
    ]),
  );
  dashboard.addWidgets(
    graph('Payments declined by risk controls (per 5 min)', [
      riskBlocked('RiskBlocked', FIVE_MINUTES, 'all'),
      ...RISK_CONTROL_METRICS.map((m) => riskBlocked(m, FIVE_MINUTES, m)),
    ]),
  );
  dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: [...props.alarms], width: 24, height: 8 }));
  return dashboard;
}
