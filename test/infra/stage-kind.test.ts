/**
 * Every stage is live or a sandbox (infra/stages.ts, docs/security.md "Test and live"): a name without a default
 * kind refuses to synth until it says which; a live stage keeps its table and a year of logs.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { unbundledApp } from './unbundled-app.js';
import { stageKind, stageSettings } from '../../infra/stages.js';
import type { RouteDefinition } from '../../shared/entry/routes/types.js';

const routes: RouteDefinition[] = [
  { id: 'Everywhere', method: 'GET', path: '/fixture/page', handler: 'test/infra/fixtures/handler', grants: [] },
];

function template(stage: string, options: { kind?: string; logRetentionDays?: number } = {}): Template {
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
  return Template.fromStack(stack);
}

const retentions = (t: Template) =>
  Object.values(t.findResources('AWS::Logs::LogGroup')).map((g) => g.Properties.RetentionInDays as number);

describe('stage kind', { timeout: 120_000 }, () => {
  it('prod and staging are live, dev and local sandboxes; -c kind overrides', () => {
    expect(stageKind('prod')).toBe('live');
    expect(stageKind('staging')).toBe('live');
    expect(stageKind('dev')).toBe('sandbox');
    expect(stageKind('local')).toBe('sandbox');
    expect(stageKind('production', 'live')).toBe('live');
    expect(stageKind('dev', 'live')).toBe('live');
  });

  it.each(['production', 'live', 'feature-x'])('refuses to synth "%s" without a kind, naming -c kind', (stage) => {
    expect(() => stageSettings(stage)).toThrow(/-c kind=live or -c kind=sandbox/);
    expect(() =>
      buildPaymentsApp({ stage, account: '111111111111', region: 'eu-west-1', routes, consumers: [], scheduled: [], opsEvents: [] }),
    ).toThrow(`Stage "${stage}" has no kind`);
  });

  it('refuses a kind that is neither', () => {
    expect(() => stageSettings('production', { kind: 'prod' })).toThrow('-c kind must be one of live, sandbox, not "prod"');
  });

  it.each([
    ['prod', undefined],
    ['staging', undefined],
    ['production', 'live'],
  ])('%s keeps its table (RETAIN, deletion protection, point-in-time recovery) and a year of logs', (stage, kind) => {
    const t = template(stage, { kind });
    const tables = Object.values(t.findResources('AWS::DynamoDB::GlobalTable'));
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(JSON.stringify(tables[0]!.Properties)).toMatch(/"DeletionProtectionEnabled":true/);
    expect(JSON.stringify(tables[0]!.Properties)).toMatch(/"PointInTimeRecoveryEnabled":true/);
    const days = retentions(t);
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((d) => d === 365)).toBe(true);
  });

  it('a sandbox deletes its table with the stack and keeps a week of logs', () => {
    const t = template('feature-x', { kind: 'sandbox' });
    const tables = Object.values(t.findResources('AWS::DynamoDB::GlobalTable'));
    expect(tables[0]).toMatchObject({ DeletionPolicy: 'Delete' });
    expect(retentions(t).every((d) => d === 7)).toBe(true);
  });

  it('-c logRetentionDays sets every log group, and only to a period CloudWatch has', () => {
    expect(retentions(template('prod', { logRetentionDays: 731 })).every((d) => d === 731)).toBe(true);
    expect(stageSettings('dev', { logRetentionDays: 30 }).logRetention).toBe(RetentionDays.ONE_MONTH);
    expect(() => stageSettings('prod', { logRetentionDays: 100 })).toThrow(
      /-c logRetentionDays must be one of CloudWatch's periods .*not 100/,
    );
  });
});
