/**
 * The real app, as `cdk synth` builds it: every route, consumer, schedule and ops event of shared/routes becomes a
 * bundled function (esbuild succeeds on the real handler modules), and cdk-nag finds nothing unacknowledged.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { OPS_EVENTS, QUEUE_CONSUMERS, ROUTES, SCHEDULED, routesForStage } from '../../shared/routes/index.js';

// prod is no sandbox: the sandbox-only routes (hosted-fields demo) are not deployed (test/infra/sandbox-routes.test.ts).
const PROD_ROUTES = routesForStage(ROUTES, { sandbox: false });

describe('the real prod app', () => {
  const { stack } = buildPaymentsApp({ stage: 'prod', account: '111111111111', region: 'eu-west-1' });
  const template = Template.fromStack(stack);

  it('serves every route of the shared route table but the sandbox-only ones', () => {
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey as string);
    expect(routeKeys.sort()).toEqual(PROD_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('builds one function per route, consumer, schedule and ops event', () => {
    const ids = stack.functions.map((f) => f.node.id).sort();
    const expected = [...PROD_ROUTES, ...QUEUE_CONSUMERS, ...SCHEDULED, ...OPS_EVENTS].map((d) => d.id).sort();
    expect(ids).toEqual(expected);
    expect(new Set(expected).size).toBe(expected.length);
  });

  it('passes cdk-nag', () => {
    const report = new AwsSolutionsChecks().validateScope(stack);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });
}, 120_000);
