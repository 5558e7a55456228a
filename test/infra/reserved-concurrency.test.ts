/**
 * Public route functions get reserved concurrency per stage, so one flooded route cannot starve the others; the
 * total fits the account's quota (infra/concurrency.ts), or synth refuses the stage.
 */
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { unbundledApp } from './unbundled-app.js';
import { stageSettings } from '../../infra/stages.js';
import { routesForStage, ROUTES } from '../../shared/entry/routes/index.js';
import type { QueueConsumerDefinition, RouteDefinition, ScheduledDefinition } from '../../shared/entry/routes/types.js';

const handler = 'test/infra/fixtures/handler';
const routes: RouteDefinition[] = [
  { id: 'Post', method: 'POST', path: '/post', handler, grants: ['table:read', 'table:write'] },
  { id: 'Health', method: 'GET', path: '/health', handler, grants: ['table:read'] },
  { id: 'ConsolePage', method: 'GET', path: '/console/api/me', handler, grants: ['table:read'] },
];
const consumers: QueueConsumerDefinition[] = [{ id: 'Consumer', queue: 'callbacks', handler, batchSize: 5, grants: ['table:write'] }];
const scheduled: ScheduledDefinition[] = [{ id: 'Sweep', everyMinutes: 5, handler, grants: ['table:read'] }];

function reserved(
  stage: string,
  options: { reservedConcurrency?: number; concurrencyQuota?: number; routes?: RouteDefinition[] } = {},
): Record<string, number | undefined> {
  const { stack } = buildPaymentsApp({
    app: unbundledApp(),
    stage,
    account: '111111111111',
    region: 'eu-west-1',
    routes,
    consumers,
    scheduled,
    opsEvents: [],
    ...options,
  });
  const functions = Template.fromStack(stack).findResources('AWS::Lambda::Function');
  return Object.fromEntries(
    stack.functions.map((f) => {
      const id = Stack.of(f).getLogicalId(f.function.node.defaultChild as CfnElement);
      return [f.node.id, functions[id]?.Properties.ReservedConcurrentExecutions as number | undefined];
    }),
  );
}

const total = (byId: Record<string, number | undefined>) => Object.values(byId).reduce<number>((a, b) => a + (b ?? 0), 0);

/** The platform's real route table with a fixture handler (nothing bundled): what prod and staging would reserve. */
const realRoutes = (): RouteDefinition[] => ROUTES.map((r) => ({ ...r, handler }));

// Each case synthesizes a whole stage (without bundling: unbundled-app.ts); seconds each on a loaded machine.
describe('reserved concurrency of public functions', { timeout: 120_000 }, () => {
  it.each([
    ['prod', 10],
    ['staging', 5],
  ])('%s: every public route function has its own reservation; console and background functions share the pool', (stage, perRoute) => {
    expect(stageSettings(stage).api.reservedConcurrencyPerRoute).toBe(perRoute);
    const byId = reserved(stage);
    expect(byId.Post).toBe(perRoute);
    expect(byId.Health).toBe(perRoute);
    expect(byId.ConsolePage).toBeUndefined();
    expect(byId.Consumer).toBeUndefined();
    expect(byId.Sweep).toBeUndefined();
  });

  it.each(['prod', 'staging'])('%s with the real route table fits a new account: at most 1,000 - 100 reserved', (stage) => {
    const byId = reserved(stage, { routes: realRoutes() });
    const publicRoutes = routesForStage(ROUTES, { kind: 'live' }).filter((r) => !r.path.startsWith('/console/api/'));
    expect(Object.values(byId).filter((v) => v !== undefined)).toHaveLength(publicRoutes.length);
    expect(total(byId)).toBe(publicRoutes.length * stageSettings(stage).api.reservedConcurrencyPerRoute!);
    expect(total(byId)).toBeLessThanOrEqual(1000 - 100);
  });

  it('refuses at synth a reservation the quota cannot hold, naming the settings to change', () => {
    // 34 public routes x 30 = 1,020 > 900.
    expect(() => reserved('prod', { routes: realRoutes(), reservedConcurrency: 30 })).toThrow(
      /-c reservedConcurrency=N .*-c concurrencyQuota=N/,
    );
    // The same with a raised quota deploys; 0 reserves nothing.
    expect(total(reserved('prod', { routes: realRoutes(), reservedConcurrency: 30, concurrencyQuota: 2000 }))).toBeGreaterThan(900);
    expect(total(reserved('prod', { reservedConcurrency: 0 }))).toBe(0);
    expect(() => stageSettings('prod', { concurrencyQuota: 50 })).toThrow(/-c concurrencyQuota must be a whole number of at least 100/);
  });

  it('dev reserves nothing (new accounts have no concurrency to spare)', () => {
    expect(Object.values(reserved('dev')).every((v) => v === undefined)).toBe(true);
  });
});
