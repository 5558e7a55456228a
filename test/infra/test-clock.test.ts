/** Only sandbox stages' functions read the test clock (docs/test-clock.md): TEST_CLOCK follows infra/stages.ts. */
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import type { RouteDefinition } from '../../shared/routes/types.js';

const routes: RouteDefinition[] = [{ id: 'Everywhere', method: 'GET', path: '/fixture/page', handler: 'test/infra/fixtures/handler', grants: [] }];

function testClockSettings(stage: string): string[] {
  const { stack } = buildPaymentsApp({ stage, account: '111111111111', region: 'eu-west-1', routes, consumers: [], scheduled: [], opsEvents: [] });
  const functions = Template.fromStack(stack).findResources('AWS::Lambda::Function');
  return Object.values(functions).map((f) => f.Properties.Environment.Variables.TEST_CLOCK as string);
}

describe('test clock per stage', () => {
  it.each([
    ['dev', 'true'],
    ['feature-x', 'true'],
    ['staging', 'false'],
    ['prod', 'false'],
  ])('%s: TEST_CLOCK=%s', (stage, expected) => {
    expect(testClockSettings(stage)).toEqual([expected]);
  });
}, 120_000);
