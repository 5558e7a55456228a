/**
 * The table's capacity mode per stage (`-c tableCapacity=…`, infra/table-capacity.ts): on-demand unless asked,
 * provisioned with auto scaling on the table and every index when asked, and an alarm on throttled requests in
 * either mode. Built from a one-route fixture, as payments-stack.test.ts.
 */
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { parseTableCapacity, PROVISIONED_DEFAULTS, type TableCapacity } from '../../infra/table-capacity.js';
import { TABLE } from '../../shared/lib/resources.js';

const handler = 'test/infra/fixtures/handler';

function build(stage: string, tableCapacity?: TableCapacity) {
  const { stack } = buildPaymentsApp({
    stage,
    account: '111111111111',
    region: 'eu-west-1',
    tableCapacity,
    routes: [{ id: 'Read', method: 'GET', path: '/fixture/read', handler, grants: ['table:read'] }],
    consumers: [],
    scheduled: [],
    opsEvents: [],
  });
  const template = Template.fromStack(stack);
  const table = Object.values(template.findResources('AWS::DynamoDB::GlobalTable'))[0]!.Properties;
  return { stack, template, table };
}

const autoscaled = (min: number, max: number, target: number, seed?: number) => ({
  MinCapacity: min,
  MaxCapacity: max,
  TargetTrackingScalingPolicyConfiguration: { TargetValue: target },
  ...(seed === undefined ? {} : { SeedCapacity: seed }),
});

describe('tableCapacity values', () => {
  it('reads on-demand, provisioned with the defaults, and every option', () => {
    expect(parseTableCapacity('on-demand')).toEqual({ mode: 'on-demand' });
    expect(parseTableCapacity('provisioned')).toEqual({ mode: 'provisioned', ...PROVISIONED_DEFAULTS });
    expect(parseTableCapacity('provisioned:writes=10-500,reads=2-50,target=60,seed-writes=120,seed-reads=8')).toEqual({
      mode: 'provisioned',
      writes: { min: 10, max: 500, seed: 120 },
      reads: { min: 2, max: 50, seed: 8 },
      targetUtilizationPercent: 60,
    });
    // Options left out keep their defaults.
    expect(parseTableCapacity('provisioned:target=50')).toEqual({
      mode: 'provisioned',
      writes: PROVISIONED_DEFAULTS.writes,
      reads: PROVISIONED_DEFAULTS.reads,
      targetUtilizationPercent: 50,
    });
  });

  it('refuses what auto scaling or DynamoDB would refuse at deploy time, naming the part', () => {
    const refusals: [string, RegExp][] = [
      ['ondemand', /use on-demand or provisioned/],
      ['on-demand:writes=1-2', /use on-demand or provisioned/],
      ['provisioned:writes=10-5', /writes=10-5: the maximum is below the minimum/],
      ['provisioned:reads=5', /reads=5: use MIN-MAX/],
      ['provisioned:writes=0-10', /outside 1 to 40000/],
      ['provisioned:writes=5-40001', /outside 1 to 40000/],
      ['provisioned:target=95', /20 to 90/],
      ['provisioned:target=7.5', /not a whole number/],
      ['provisioned:burst=9', /unknown option "burst=9"/],
      ['provisioned:target=50,target=60', /target given twice/],
    ];
    for (const [value, message] of refusals) expect(() => parseTableCapacity(value), value).toThrow(message);
  });
});

describe('the table on each capacity mode', () => {
  const onDemand = build('prod');
  const provisioned = build('prod', parseTableCapacity('provisioned:writes=10-500,reads=5-200,target=70,seed-writes=50'));

  it('is on-demand unless the deployer asks', () => {
    expect(onDemand.table.BillingMode).toBe('PAY_PER_REQUEST');
    expect(onDemand.table.WriteProvisionedThroughputSettings).toBeUndefined();
    expect(
      onDemand.table.GlobalSecondaryIndexes.every((g: Record<string, unknown>) => g.WriteProvisionedThroughputSettings === undefined),
    ).toBe(true);
  });

  it('auto scales the table and every index within the asked ranges when provisioned', () => {
    const { table } = provisioned;
    expect(table.BillingMode).toBe('PROVISIONED');
    expect(table.WriteProvisionedThroughputSettings).toEqual({ WriteCapacityAutoScalingSettings: autoscaled(10, 500, 70, 50) });
    expect(table.GlobalSecondaryIndexes.map((g: { IndexName: string }) => g.IndexName).sort()).toEqual(
      TABLE.gsis.map((g) => g.indexName).sort(),
    );
    for (const gsi of table.GlobalSecondaryIndexes) {
      expect(gsi.WriteProvisionedThroughputSettings, gsi.IndexName).toEqual({
        WriteCapacityAutoScalingSettings: autoscaled(10, 500, 70, 50),
      });
    }
    const [replica] = table.Replicas;
    expect(replica.ReadProvisionedThroughputSettings).toEqual({ ReadCapacityAutoScalingSettings: autoscaled(5, 200, 70) });
    for (const gsi of replica.GlobalSecondaryIndexes) {
      expect(gsi.ReadProvisionedThroughputSettings, gsi.IndexName).toEqual({ ReadCapacityAutoScalingSettings: autoscaled(5, 200, 70) });
    }
  });

  it('alarms on throttled requests of every operation the platform sends, in both modes', () => {
    for (const { stack } of [onDemand, provisioned]) {
      // Alarms live in the Monitoring nested stack.
      const monitoring = Stack.of(stack.observability);
      const topic = { Ref: monitoring.getLogicalId(stack.observability.topic.node.defaultChild as CfnElement) };
      const alarms = Object.values(
        Template.fromStack(monitoring).findResources('AWS::CloudWatch::Alarm', {
          Properties: { AlarmDescription: Match.stringLikeRegexp('table throttled') },
        }),
      );
      expect(alarms).toHaveLength(1);
      const alarm = alarms[0]!.Properties;
      expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', AlarmActions: [topic] });
      const operations = alarm.Metrics.filter((m: { MetricStat?: unknown }) => m.MetricStat).map(
        (m: { MetricStat: { Metric: { MetricName: string; Dimensions: { Name: string; Value: unknown }[] } } }) => {
          expect(m.MetricStat.Metric.MetricName).toBe('ThrottledRequests');
          return m.MetricStat.Metric.Dimensions.find((d) => d.Name === 'Operation')!.Value;
        },
      );
      // The ones the platform's code sends (shared/: Get, BatchGet, Query, Put, Update, Delete, TransactWrite), and more.
      expect(operations).toEqual(
        expect.arrayContaining(['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems']),
      );
      // An alarm's metric math takes at most ten metrics.
      expect(operations.length).toBeLessThanOrEqual(10);
    }
  });

  it('passes cdk-nag on provisioned capacity too', () => {
    const report = new AwsSolutionsChecks().validateScope(provisioned.stack);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });
});
