/**
 * The platform's own CloudWatch metrics, as the functions emit them (shared/entry/middleware/metrics.ts, EMF lines in each
 * function's log): one namespace, the `service` dimension on every metric, and per metric the dimensions below. The
 * alarms and the dashboard read them from here, so a renamed metric is renamed in one place.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { METRICS_NAMESPACE } from '../../shared/entry/middleware/metrics.js';

/** POWERTOOLS_SERVICE_NAME of every function (infra/constructs/platform-function.ts). */
export const SERVICE = 'payments';

/**
 * The routes that take money, by the `handler` dimension of their Latency metric (the route key each handler in
 * functions/ names): S2S CARD, S2S APM, the Checkout session and card form, hosted-fields processing.
 * test/infra/observability.test.ts checks each still names a handler.
 */
export const MONEY_ROUTES = [
  'POST /post',
  'POST /v2/post',
  'POST /post-va',
  'POST /api/v1/session',
  'POST /auth/{token}/pay',
  'POST /api/v1/processing/{operation}/card',
] as const;

/** The reconciler's handler name (functions/reconciliation/run.ts). */
export const RECONCILER_HANDLER = 'reconciliation run';

/** Callback delivery outcomes (shared/operations/callbacks/deliver.ts noteDeliveries). */
export const DELIVERY_OUTCOMES = ['delivered', 'retry', 'failed'] as const;

const metric = (metricName: string, dimensionsMap: Record<string, string>, statistic: string, period: Duration, label?: string) =>
  new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service: SERVICE, ...dimensionsMap },
    statistic,
    period,
    label,
  });

// A label makes an alarm's metric a metric-math entry: the dashboard passes one, the alarms do not.

/** Latency (ms) of one handler's invocations. */
export const latency = (handler: string, statistic: 'p50' | 'p99', period: Duration, label?: string) =>
  metric('Latency', { handler }, statistic, period, label);

/** Callback delivery attempts with one outcome. */
export const deliveries = (outcome: (typeof DELIVERY_OUTCOMES)[number], period: Duration, label?: string) =>
  metric('CallbackDeliveries', { outcome }, 'Sum', period, label);

/**
 * Payments whose oldest transaction has waited for the acquirer more than UNDETERMINED_AFTER_MINUTES, counted by each
 * reconciler run (shared/operations/reconciliation/reconcile.ts).
 */
export const undeterminedPayments = (period: Duration, label?: string) => metric('UndeterminedPayments', {}, 'Maximum', period, label);

/** KMS calls that failed after the SDK's retries (shared/adapters/aws/aws-clients.ts). */
export const kmsErrors = (period: Duration, label?: string) => metric('KmsErrors', {}, 'Sum', period, label);

/** Acquirer answers about another payment than the one asked about (shared/adapters/connectors/answer-binding.ts). */
export const mismatchedAcquirerAnswers = (period: Duration, label?: string) =>
  metric('MismatchedAcquirerAnswers', {}, 'Sum', period, label);
export const lateAcquirerOutcomes = (period: Duration, label?: string) => metric('LateAcquirerOutcomes', {}, 'Sum', period, label);

/** Payments the risk check declined before the acquirer: all (`RiskBlocked`) or one control's (docs/risk.md). */
export const riskBlocked = (metricName: 'RiskBlocked' | (typeof RISK_CONTROL_METRICS)[number], period: Duration, label?: string) =>
  metric(metricName, {}, 'Sum', period, label);

/** One metric per risk control (shared/operations/risk/decision.ts CONTROL_METRICS). */
export const RISK_CONTROL_METRICS = [
  'CardTestingBlocked',
  'CardVelocityBlocked',
  'BlocklistBlocked',
  'RiskRuleBlocked',
  'MidLimitBlocked',
  'MerchantBurstBlocked',
] as const;

/** Payments answered, one line per result (SUCCESS, DECLINED, REDIRECT, …) whatever the action: a Metrics Insights query. */
export const paymentsByResult = (period: Duration) =>
  new cloudwatch.MathExpression({
    expression: `SELECT SUM(Payments) FROM SCHEMA("${METRICS_NAMESPACE}", action, result, service) WHERE service = '${SERVICE}' GROUP BY result`,
    usingMetrics: {},
    period,
    label: 'payments by result',
  });
