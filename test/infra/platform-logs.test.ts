/**
 * Lambda's own log lines (START, END, REPORT) are a third of a payment's log bill (bench/src/cost.ts): a live stage
 * keeps only Lambda's warnings and errors, a sandbox keeps them all, and `-c platformLogs` decides otherwise. The
 * handlers' JSON lines and metric (EMF) lines must pass: the application level is never stricter than INFO.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { unbundledApp } from './unbundled-app.js';
import { stageSettings } from '../../infra/stages.js';
import type { RouteDefinition } from '../../shared/entry/routes/types.js';
import { platformFunctions } from './platform-functions.js';

const routes: RouteDefinition[] = [
  { id: 'Everywhere', method: 'GET', path: '/fixture/page', handler: 'test/infra/fixtures/handler', grants: [] },
];

function loggingConfigs(stage: string, options: { kind?: string; platformLogs?: string } = {}) {
  const { stack } = buildPaymentsApp({
    app: unbundledApp(),
    stage,
    ...options,
    account: '111111111111',
    region: 'eu-west-1',
    routes,
    consumers: [],
    scheduled: [],
    opsEvents: [],
  });
  const fns = Object.values(platformFunctions(Template.fromStack(stack)));
  return fns.map(
    (f) => f.Properties.LoggingConfig as { LogFormat: string; SystemLogLevel: string; ApplicationLogLevel: string; LogGroup: unknown },
  );
}

describe('Lambda platform logs', { timeout: 120_000 }, () => {
  it("a live stage drops START/END/REPORT and keeps the handlers' INFO lines", () => {
    const configs = loggingConfigs('prod');
    expect(configs.length).toBeGreaterThan(0);
    for (const c of configs) expect(c).toMatchObject({ LogFormat: 'JSON', SystemLogLevel: 'WARN', ApplicationLogLevel: 'INFO' });
  });

  it('a sandbox keeps every line, at DEBUG', () => {
    for (const c of loggingConfigs('dev'))
      expect(c).toMatchObject({ LogFormat: 'JSON', SystemLogLevel: 'INFO', ApplicationLogLevel: 'DEBUG' });
  });

  it('-c platformLogs=INFO brings them back on a live stage; anything else is refused', () => {
    for (const c of loggingConfigs('prod', { platformLogs: 'INFO' })) expect(c.SystemLogLevel).toBe('INFO');
    expect(() => stageSettings('prod', { platformLogs: 'DEBUG' })).toThrow('-c platformLogs must be INFO or WARN, not "DEBUG"');
  });
});
