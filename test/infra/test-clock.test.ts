/**
 * Only sandbox stages' functions read the test clock (docs/test-clock.md): TEST_CLOCK follows the stage's kind
 * (infra/stages.ts), which every function also reads as STAGE_KIND; live stages log at INFO.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { unbundledApp } from './unbundled-app.js';
import type { RouteDefinition } from '../../shared/entry/routes/types.js';

const routes: RouteDefinition[] = [
  { id: 'Everywhere', method: 'GET', path: '/fixture/page', handler: 'test/infra/fixtures/handler', grants: [] },
];

function stageEnv(stage: string, kind?: string): Record<string, string | undefined>[] {
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
  const functions = Template.fromStack(stack).findResources('AWS::Lambda::Function');
  // The platform's functions (CDK's own helpers, such as the console pages' deployment, carry none of its settings).
  return Object.values(functions)
    .filter((f) => f.Properties.Environment?.Variables?.STAGE)
    .map((f) => {
      const { TEST_CLOCK, STAGE_KIND, LOG_LEVEL } = f.Properties.Environment.Variables as Record<string, string>;
      return { TEST_CLOCK, STAGE_KIND, LOG_LEVEL };
    });
}

describe('test clock per stage', () => {
  it.each([
    ['dev', undefined, 'sandbox'],
    ['feature-x', 'sandbox', 'sandbox'],
    ['staging', undefined, 'live'],
    ['prod', undefined, 'live'],
    ['production', 'live', 'live'],
  ])('%s (-c kind=%s): STAGE_KIND=%s', (stage, kind, expected) => {
    const sandbox = expected === 'sandbox';
    expect(stageEnv(stage, kind)).toEqual([
      { STAGE_KIND: expected, TEST_CLOCK: sandbox ? 'true' : 'false', LOG_LEVEL: sandbox ? 'DEBUG' : 'INFO' },
    ]);
  });
}, 120_000);
