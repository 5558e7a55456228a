/**
 * What a live stage deployed with `-c alarmEmail=…` gives its operators: the stack outputs, the alarm topic's email
 * subscriptions, the alarms on what hurts merchants (each linking its docs/operations.md section), one dashboard, and
 * the console's pages deployed by the stack. Built from fixture handlers (the real ones: real-app.test.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type NestedStack, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { MONEY_ROUTES } from '../../infra/observability/platform-metrics.js';
import { ALARM_SLUGS } from '../../infra/observability/runbook.js';
import { REPO_ROOT } from '../../infra/constructs/platform-function.js';
import { QUEUE_CONSUMERS, STREAM_CONSUMERS } from '../../shared/entry/routes/index.js';
import type { RouteDefinition } from '../../shared/entry/routes/types.js';

const handler = 'test/infra/fixtures/handler';
const routes: RouteDefinition[] = [
  { id: 'S2sCardPost', method: 'POST', path: '/post', handler, grants: ['table:read'] },
  { id: 'ConsoleMe', method: 'GET', path: '/console/api/me', handler, grants: [] },
];
const streams = STREAM_CONSUMERS.map((s) => ({ ...s, handler }));
// The outbox consumer invokes the callbacks' delivery function, so the stage needs it beside the streams.
const consumers = QUEUE_CONSUMERS.filter((c) => c.id === 'CallbackDeliver').map((c) => ({ ...c, handler }));
const build = (extra: Partial<Parameters<typeof buildPaymentsApp>[0]> = {}) =>
  buildPaymentsApp({
    stage: 'prod',
    account: '111111111111',
    region: 'eu-west-1',
    routes,
    consumers,
    scheduled: [],
    opsEvents: [],
    streams,
    ...extra,
  }).stack;

const stack = build({ alarmEmails: ['ops@example.com', 'oncall@example.com'] });
const template = Template.fromStack(stack);
const monitoring = Template.fromStack(Stack.of(stack.observability) as NestedStack);
const alarms = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
const described = (text: RegExp) => alarms.filter((a) => text.test(a.AlarmDescription));

describe('a live stage deployed with -c alarmEmail', () => {
  it('prints the API URL, the console URL, the alarm topic and the table name', () => {
    const outputs = template.toJSON().Outputs;
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['ApiUrl', 'ConsoleUrl', 'AlarmTopicArn', 'TableName', 'DashboardName']));
    expect(JSON.stringify(outputs.ApiUrl.Value)).toMatch(/ApiEdgeDistribution.*DomainName/);
    expect(JSON.stringify(outputs.ConsoleUrl.Value)).toMatch(/DomainName.*\/console\//);
    expect(JSON.stringify(outputs.TableName.Value)).toMatch(/DataTable/);
    expect(JSON.stringify(outputs.AlarmTopicArn.Value)).toMatch(/Monitoring.*Outputs/);
  });

  it('subscribes every address to the alarm topic', () => {
    for (const email of ['ops@example.com', 'oncall@example.com']) {
      monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: email, TopicArn: Match.anyValue() });
    }
    monitoring.resourceCountIs('AWS::SNS::Subscription', 2);
  });

  it('sends every alarm to the topic, with what to do and its runbook section', () => {
    const topic = { Ref: Stack.of(stack.observability).getLogicalId(stack.observability.topic.node.defaultChild as never) };
    expect(alarms.length).toBeGreaterThan(10);
    const runbook = readFileSync(join(REPO_ROOT, 'docs/operations.md'), 'utf8');
    for (const alarm of alarms) {
      expect(alarm.AlarmActions).toEqual([topic]);
      const [, slug] = /Runbook: docs\/operations\.md#([a-z0-9-]+)$/.exec(alarm.AlarmDescription) ?? [];
      expect(slug, alarm.AlarmDescription).toBeDefined();
      expect(runbook).toContain(`\n## ${slug}\n`);
    }
    for (const slug of ALARM_SLUGS) expect(runbook, slug).toContain(`\n## ${slug}\n`);
  });

  it('alarms on the API 5xx rate and the p99 latency of every money route', () => {
    const [rate] = described(/5xx/);
    expect(rate).toBeDefined();
    const metrics = rate.Metrics.filter((m: { MetricStat?: unknown }) => m.MetricStat).map(
      (m: { MetricStat: { Metric: { MetricName: string } } }) => m.MetricStat.Metric.MetricName,
    );
    expect(metrics.sort()).toEqual(['5xx', 'Count']);
    for (const route of MONEY_ROUTES) {
      const alarm = alarms.find((a) => a.MetricName === 'Latency' && a.Dimensions.some((d: { Value: string }) => d.Value === route));
      expect(alarm, route).toMatchObject({ Namespace: 'OpenPayments', ExtendedStatistic: 'p99' });
    }
  });

  it('alarms on Lambda errors and throttles of every function, wherever the function lives', () => {
    const consoleStack = Template.fromStack(stack.node.findChild('ConsoleApi') as NestedStack);
    const everywhere = [...alarms, ...Object.values(consoleStack.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties)];
    for (const fn of stack.functions) {
      expect(
        everywhere.some((a) => a.MetricName === 'Errors' && a.AlarmDescription.includes(`${fn.node.id} errors`)),
        fn.node.id,
      ).toBe(true);
      expect(
        everywhere.some((a) => /throttled/.test(a.AlarmDescription) && a.AlarmDescription.includes(fn.node.id)),
        fn.node.id,
      ).toBe(true);
    }
  });

  it('alarms on any message in a dead-letter or stream failure queue', () => {
    const queues = Object.keys(template.findResources('AWS::SQS::Queue')).length;
    const dlqAlarms = alarms.filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible');
    // Every queue but the three main ones (callbacks, recurring charges, …) is a DLQ or a failure queue.
    expect(dlqAlarms.length).toBe(Object.keys(stack.async.deadLetterQueues).length + Object.keys(stack.async.streamFailureQueues).length);
    expect(dlqAlarms.length).toBeLessThan(queues);
    for (const a of dlqAlarms) expect(a).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
  });

  it('alarms on stream iterator age, the callback failure rate, undetermined payments, KMS errors and table throttles', () => {
    expect(alarms.filter((a) => a.MetricName === 'IteratorAge')).toHaveLength(STREAM_CONSUMERS.length);
    const callbacks = described(/callback delivery attempts failed/)[0];
    expect(JSON.stringify(callbacks.Metrics)).toMatch(/CallbackDeliveries.*outcome/);
    expect(alarms.find((a) => a.MetricName === 'UndeterminedPayments')).toMatchObject({
      Namespace: 'OpenPayments',
      Threshold: 0,
      Statistic: 'Maximum',
    });
    expect(alarms.find((a) => a.MetricName === 'KmsErrors')).toMatchObject({ Namespace: 'OpenPayments', Threshold: 0 });
    expect(alarms.find((a) => a.MetricName === 'MismatchedAcquirerAnswers')).toMatchObject({ Namespace: 'OpenPayments', Threshold: 0 });
    expect(alarms.find((a) => a.MetricName === 'LateAcquirerOutcomes')).toMatchObject({
      Namespace: 'OpenPayments',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    expect(alarms.find((a) => a.MetricName === 'CardTestingBlocked')).toMatchObject({
      Namespace: 'OpenPayments',
      Threshold: 20,
      Statistic: 'Sum',
      Period: 300,
    });
    expect(described(/throttled requests/)).toHaveLength(1);
  });

  it('has one dashboard with payments by result, latency, callbacks, DLQ depth, iterator age, undetermined payments and write units', () => {
    const dashboards = Object.values(monitoring.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]!.Properties.DashboardName).toBe('prod-payments');
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    for (const piece of [
      'GROUP BY result',
      'p50',
      'p99',
      'CallbackDeliveries',
      'ApproximateNumberOfMessagesVisible',
      'IteratorAge',
      'UndeterminedPayments',
      'ConsumedWriteCapacityUnits',
      'RiskBlocked',
      'CardTestingBlocked',
      'CardVelocityBlocked',
      'BlocklistBlocked',
    ]) {
      expect(body, piece).toContain(piece);
    }
  });

  it('deploys the console pages to its bucket under console/ and invalidates the distribution', () => {
    const upload = Template.fromStack(stack.console.node.findChild('PagesDeployment').node.findChild('Upload') as NestedStack);
    upload.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'console/',
      DistributionId: Match.anyValue(),
      DistributionPaths: ['/console/*'],
      Prune: false,
    });
    const dist = readdirSync(join(REPO_ROOT, 'console/dist'));
    expect(dist).toContain('index.html');
  });

  it('keeps the main stack under CloudFormation’s 500 resources', () => {
    expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(500);
  });
});

describe('money routes', () => {
  it('are the names the handlers give their Latency metric', () => {
    const sources = [
      'functions/s2s-card/post.ts',
      'functions/s2s-card/post-v2.ts',
      'functions/s2s-apm/post.ts',
      'functions/checkout/session.ts',
      'functions/checkout/pay.ts',
      'functions/hosted-fields/processing.ts',
    ]
      .map((f) => readFileSync(join(REPO_ROOT, f), 'utf8'))
      .join('\n');
    for (const route of MONEY_ROUTES) expect(sources, route).toContain(`'${route}'`);
  });
});

describe('custom domain', () => {
  const arn = (region: string) => `arn:aws:acm:${region}:111111111111:certificate/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d`;

  it('serves the API and the console on the operator’s host names, both through CloudFront', () => {
    const console = `${arn('us-east-1')}-console`;
    const s = build({
      region: 'eu-west-1',
      domain: { name: 'pay.example.com', certificateArn: arn('us-east-1'), consoleCertificateArn: console },
    });
    const t = Template.fromStack(s);
    // The API's host is its distribution's: API Gateway keeps no custom domain a client could reach past the web ACL.
    t.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['pay.example.com'],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: arn('us-east-1') }),
      }),
    });
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['console.pay.example.com'],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: console }),
      }),
    });
    const outputs = t.toJSON().Outputs;
    expect(outputs.ApiUrl.Value).toBe('https://pay.example.com');
    expect(outputs.ConsoleUrl.Value).toBe('https://console.pay.example.com/console/');
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['ApiDomainTarget', 'ConsoleDomainTarget']));
  });

  it('takes one us-east-1 certificate naming both hosts for both', () => {
    const t = Template.fromStack(build({ region: 'eu-west-1', domain: { name: 'pay.example.com', certificateArn: arn('us-east-1') } }));
    const certificates = Object.values(t.findResources('AWS::CloudFront::Distribution')).map(
      (d) => d.Properties.DistributionConfig.ViewerCertificate.AcmCertificateArn,
    );
    expect(certificates).toEqual([arn('us-east-1'), arn('us-east-1')]);
  });

  it('refuses a certificate CloudFront cannot use', () => {
    expect(() => build({ region: 'eu-west-1', domain: { name: 'pay.example.com', certificateArn: arn('eu-west-1') } })).toThrow(
      /certificateArn is in eu-west-1; the API is served by CloudFront/,
    );
    expect(() =>
      build({
        region: 'eu-west-1',
        domain: { name: 'pay.example.com', certificateArn: arn('us-east-1'), consoleCertificateArn: arn('eu-west-1') },
      }),
    ).toThrow(/consoleCertificateArn must be an ACM certificate in us-east-1/);
  });
});
