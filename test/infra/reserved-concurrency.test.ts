/** Public route functions get reserved concurrency per stage, so one flooded route cannot starve the others. */
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { stageSettings } from '../../infra/stages.js';
import type { QueueConsumerDefinition, RouteDefinition, ScheduledDefinition } from '../../shared/routes/types.js';

const handler = 'test/infra/fixtures/handler';
const routes: RouteDefinition[] = [
  { id: 'Post', method: 'POST', path: '/post', handler, grants: ['table:read', 'table:write'] },
  { id: 'Health', method: 'GET', path: '/health', handler, grants: ['table:read'] },
];
const consumers: QueueConsumerDefinition[] = [{ id: 'Consumer', queue: 'callbacks', handler, batchSize: 5, grants: ['table:write'] }];
const scheduled: ScheduledDefinition[] = [{ id: 'Sweep', everyMinutes: 5, handler, grants: ['table:read'] }];

function reserved(stage: string): Record<string, number | undefined> {
  const { stack } = buildPaymentsApp({ stage, account: '111111111111', region: 'eu-west-1', routes, consumers, scheduled, opsEvents: [] });
  const functions = Template.fromStack(stack).findResources('AWS::Lambda::Function');
  return Object.fromEntries(
    stack.functions.map((f) => {
      const id = Stack.of(f).getLogicalId(f.function.node.defaultChild as CfnElement);
      return [f.node.id, functions[id]?.Properties.ReservedConcurrentExecutions as number | undefined];
    }),
  );
}

// Each case synthesizes a whole stage (bundling its functions): ~20 s alone, longer on a loaded machine.
describe('reserved concurrency of public functions', { timeout: 120_000 }, () => {
  it.each([
    ['prod', 20],
    ['staging', 5],
  ])('%s: every route function has its own reservation; background functions share the pool', (stage, perRoute) => {
    expect(stageSettings(stage).api.reservedConcurrencyPerRoute).toBe(perRoute);
    const byId = reserved(stage);
    expect(byId.Post).toBe(perRoute);
    expect(byId.Health).toBe(perRoute);
    expect(byId.Consumer).toBeUndefined();
    expect(byId.Sweep).toBeUndefined();
  });

  it('dev reserves nothing (new accounts have no concurrency to spare)', () => {
    expect(Object.values(reserved('dev')).every((v) => v === undefined)).toBe(true);
  });
});
