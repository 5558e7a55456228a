/**
 * Settlements on AWS: an hourly EventBridge rate rule runs the batch function (each merchant's yesterday on its own
 * clock; a batch closed before is left unchanged), and the function may read journals and write batches.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { ledgerSchedules } from '../../shared/entry/routes/ledger.js';
import { SCHEDULED } from '../../shared/entry/routes/index.js';

const handler = 'test/infra/fixtures/handler';
const scheduled = ledgerSchedules.map((s) => ({ ...s, handler }));
const { stack } = buildPaymentsApp({
  stage: 'dev',
  account: '111111111111',
  region: 'eu-west-1',
  routes: [],
  consumers: [],
  scheduled,
  opsEvents: [],
  streams: [],
});
const template = Template.fromStack(stack);

describe('settlements schedule', () => {
  it('is one of the platform scheduled functions (the local platform runs it too)', () => {
    expect(SCHEDULED.map((s) => s.id)).toContain('Settlements');
  });

  it('runs hourly on a rate rule targeting its function', () => {
    const rules = Object.values(template.findResources('AWS::Events::Rule')).map((r) => r.Properties);
    expect(rules).toContainEqual(
      expect.objectContaining({
        ScheduleExpression: 'rate(1 hour)',
        State: 'ENABLED',
        Targets: [expect.objectContaining({ Arn: expect.anything() })],
      }),
    );
    template.hasResourceProperties('AWS::Lambda::Function', { Timeout: 300 });
  });

  it('may read journals and write batches', () => {
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap((p) => p.Properties.PolicyDocument.Statement);
    const actions = statements.flatMap((s) => [s.Action].flat() as string[]);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:BatchGetItem']));
  });
});
