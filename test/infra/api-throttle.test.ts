/**
 * Per-route throttling of the public HTTP API: every route its own rate and burst (the stage's default, the
 * information routes a small bucket), overridden by `-c apiThrottle` and `-c routeThrottle`, refused when malformed
 * or naming no route. Built from fixture handlers.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp, type BuildOptions } from '../../infra/app.js';
import { unbundledApp } from './unbundled-app.js';
import { parseRouteThrottles, parseThrottle } from '../../infra/api-throttle.js';
import type { RouteDefinition } from '../../shared/entry/routes/types.js';

const handler = 'test/infra/fixtures/handler';
const routes: RouteDefinition[] = [
  { id: 'S2sCardPost', method: 'POST', path: '/post', handler, grants: ['table:read'] },
  { id: 'CheckoutPay', method: 'POST', path: '/auth/{token}/pay', handler, grants: ['table:read'] },
  { id: 'Health', method: 'GET', path: '/health', handler, grants: ['table:read'] },
  { id: 'ConsoleMe', method: 'GET', path: '/console/api/me', handler, grants: [] },
];

function publicStage(extra: Partial<BuildOptions> = {}) {
  const { stack } = buildPaymentsApp({
    app: unbundledApp(),
    stage: 'prod',
    account: '111111111111',
    region: 'eu-west-1',
    routes,
    consumers: [],
    scheduled: [],
    opsEvents: [],
    streams: [],
    ...extra,
  });
  const template = Template.fromStack(stack);
  const stages = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
  const apiId = template.getResourceId('AWS::ApiGatewayV2::Api', { Properties: { Name: 'prod-payments' } });
  const stage = stages.find((s) => s.Properties.ApiId.Ref === apiId)!;
  return { stage, template };
}

const limits = (rate: number, burst: number) => ({ ThrottlingRateLimit: rate, ThrottlingBurstLimit: burst });

describe('per-route throttling', () => {
  it('gives each public route its own bucket: the stage default, the information routes a small one', () => {
    const { stage } = publicStage();
    expect(stage.Properties.DefaultRouteSettings).toMatchObject(limits(1000, 2000));
    expect(stage.Properties.RouteSettings).toEqual({
      'POST /post': limits(1000, 2000),
      'POST /auth/{token}/pay': limits(1000, 2000),
      'GET /health': limits(20, 40),
    });
    // API Gateway refuses settings for routes it does not have yet: the stage waits for them.
    expect(stage.DependsOn).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/POSTpost/),
        expect.stringMatching(/GEThealth/),
        expect.stringMatching(/POSTauthtokenpay/),
      ]),
    );
  });

  it('takes the stage default from -c apiThrottle and single routes from -c routeThrottle', () => {
    const { stage } = publicStage({
      apiThrottle: parseThrottle('300/600', 'apiThrottle'),
      routeThrottles: parseRouteThrottles('POST /auth/{token}/pay=25.5/50, GET /health=1/2'),
    });
    expect(stage.Properties.DefaultRouteSettings).toMatchObject(limits(300, 600));
    expect(stage.Properties.RouteSettings).toEqual({
      'POST /post': limits(300, 600),
      'POST /auth/{token}/pay': limits(25.5, 50),
      'GET /health': limits(1, 2),
    });
  });

  it('keeps the console API out of the public routes', () => {
    const { template } = publicStage();
    const consoleApi = template.getResourceId('AWS::ApiGatewayV2::Api', { Properties: { Name: 'prod-console' } });
    const consoleStage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage')).find(
      (s) => s.Properties.ApiId.Ref === consoleApi,
    )!;
    expect(consoleStage.Properties.RouteSettings).toBeUndefined();
  });

  it('refuses a malformed value and a route the stage does not have', () => {
    expect(() => parseThrottle('1000', 'apiThrottle')).toThrow(/-c apiThrottle must be RATE\/BURST/);
    expect(() => parseThrottle('10/2.5', 'apiThrottle')).toThrow(/RATE\/BURST/);
    expect(() => parseRouteThrottles('/post=10/20')).toThrow(/METHOD \/path=RATE\/BURST/);
    expect(() => parseRouteThrottles('POST /post=fast')).toThrow(/routeThrottle \(POST \/post\) must be RATE\/BURST/);
    expect(() => publicStage({ routeThrottles: parseRouteThrottles('POST /nowhere=1/1') })).toThrow(
      /names no route of this stage: POST \/nowhere/,
    );
  });
});
