/**
 * Sandbox-only routes (the hosted-fields demo page) exist in sandbox stages and nowhere else: the route table marks
 * them, infra/stages.ts says which stages are sandboxes, the api stack skips them in live stages.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { unbundledApp } from './unbundled-app.js';
import { stageSettings } from '../../infra/stages.js';
import { ROUTES } from '../../shared/entry/routes/index.js';
import type { RouteDefinition } from '../../shared/entry/routes/types.js';

const handler = 'test/infra/fixtures/handler';
const routes: RouteDefinition[] = [
  { id: 'Everywhere', method: 'GET', path: '/fixture/page', handler, grants: [] },
  { id: 'Demo', method: 'GET', path: '/fixture/demo', handler, grants: [], sandboxOnly: true },
];

function routeKeys(stage: string, kind?: string): string[] {
  const { stack } = buildPaymentsApp({
    app: unbundledApp(),
    stage,
    kind,
    account: '111111111111',
    region: 'eu-west-1',
    routes,
    consumers: [],
    scheduled: [],
    opsEvents: [],
  });
  const template = Template.fromStack(stack);
  return Object.values(template.findResources('AWS::ApiGatewayV2::Route'))
    .map((r) => r.Properties.RouteKey as string)
    .sort();
}

describe('sandbox-only routes', () => {
  it('marks the hosted-fields demo page and the merchant test clock sandbox-only in the route table', () => {
    expect(ROUTES.find((r) => r.path === '/hosted-fields/demo')?.sandboxOnly).toBe(true);
    expect(ROUTES.filter((r) => r.sandboxOnly).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /hosted-fields/demo',
      'GET /api/v1/merchant/clock',
      'POST /api/v1/merchant/clock',
    ]);
  });

  it('says which stages are sandboxes', () => {
    expect(stageSettings('dev').kind).toBe('sandbox');
    expect(stageSettings('feature-x', { kind: 'sandbox' }).kind).toBe('sandbox');
    expect(stageSettings('staging').kind).toBe('live');
    expect(stageSettings('prod').kind).toBe('live');
  });

  it('deploys them in a sandbox stage', () => {
    expect(routeKeys('dev')).toEqual(['GET /fixture/demo', 'GET /fixture/page']);
  });

  it.each([
    ['prod', undefined],
    ['staging', undefined],
    ['production', 'live'],
  ])('leaves them out of %s (no route, no function)', (stage, kind) => {
    expect(routeKeys(stage, kind)).toEqual(['GET /fixture/page']);
    const { stack } = buildPaymentsApp({
      app: unbundledApp(),
      stage,
      kind,
      account: '111111111111',
      region: 'eu-west-1',
      routes,
      consumers: [],
      scheduled: [],
      opsEvents: [],
    });
    expect(stack.functions.map((f) => f.node.id)).toEqual(['Everywhere']);
  });
}, 120_000);
