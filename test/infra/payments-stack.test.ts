/**
 * CDK assertions on what matters: encryption, retention, DLQs, IAM scope, alarms, cdk-nag.
 * Built from small fixture tables (one handler file) so they do not depend on the real handlers.
 */
import { type CfnElement, type NestedStack, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { platformFunctions } from './platform-functions.js';
import { stageSettings } from '../../infra/stages.js';
import type { PaymentsStack } from '../../infra/stacks/payments-stack.js';
import { KEY_PURPOSES, QUEUES, type KeyPurpose, type QueueKey } from '../../shared/lib/resources.js';
import type { OpsEventDefinition, QueueConsumerDefinition, RouteDefinition, ScheduledDefinition } from '../../shared/entry/routes/types.js';

const handler = 'test/infra/fixtures/handler';
const routes: RouteDefinition[] = [
  { id: 'ReadOnly', method: 'GET', path: '/fixture/read', handler, grants: ['table:read'] },
  {
    id: 'Writer',
    method: 'POST',
    path: '/fixture/{id}/write',
    handler,
    grants: [
      'table:read',
      'table:write',
      'kms:decrypt:card-data',
      'kms:encrypt:card-data',
      'kms:decrypt:merchant-secrets',
      'queue:send:callbacks',
    ],
    memoryMb: 1024,
  },
];
const consumers: QueueConsumerDefinition[] = [
  { id: 'Consumer', queue: 'callbacks', handler, batchSize: 7, grants: ['table:write', 'queue:send:callbacks'] },
];
const scheduled: ScheduledDefinition[] = [{ id: 'Sweep', everyMinutes: 5, handler, grants: ['table:read'] }];
const opsEvents: OpsEventDefinition[] = [{ id: 'Ops', detailTypes: ['MerchantSuspended'], handler, grants: [] }];

function build(stage: string) {
  const { stack } = buildPaymentsApp({ stage, account: '111111111111', region: 'eu-west-1', routes, consumers, scheduled, opsEvents });
  return { stack, template: Template.fromStack(stack) };
}

const dev = build('dev');
const prod = build('prod');

const logicalId = (construct: IConstruct): string => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);
const arnOf = (construct: IConstruct) => ({ 'Fn::GetAtt': [logicalId(construct), 'Arn'] });

type Statement = { Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, string>> };
const actionsOf = (s: Statement): string[] => [s.Action].flat();

/** Every statement of the IAM policies attached to a function's role (there are no managed policies). */
function statementsOf(stack: PaymentsStack, template: Template, id: string): Statement[] {
  const fn = stack.functions.find((f) => f.node.id === id);
  if (!fn) throw new Error(`no function ${id}`);
  const roleId = Stack.of(fn).getLogicalId(fn.function.role!.node.defaultChild as CfnElement);
  const role = template.findResources('AWS::IAM::Role')[roleId];
  expect(role?.Properties.ManagedPolicyArns).toBeUndefined();
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}

describe.each([
  ['dev', dev],
  ['prod', prod],
])('%s stack', (stage, { stack, template }) => {
  const key = stack.data.key;

  it('encrypts the table with the customer-managed key, with PITR, TTL and both GSIs', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TableName: `${stage}-payments`,
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        Match.objectLike({ IndexName: 'gsi1' }),
        Match.objectLike({ IndexName: 'gsi2' }),
        Match.objectLike({ IndexName: 'gsi3' }),
        Match.objectLike({ IndexName: 'gsi4' }),
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      Replicas: [
        Match.objectLike({
          SSESpecification: { KMSMasterKeyId: arnOf(key) },
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      ],
    });
  });

  it('rotates the KMS key and aliases it per stage', () => {
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    template.hasResourceProperties('AWS::KMS::Alias', { AliasName: `alias/${stage}-payments`, TargetKeyId: arnOf(key) });
  });

  it.each(Object.keys(QUEUES) as QueueKey[])('gives queue %s a KMS-encrypted DLQ with the configured maxReceiveCount', (queueKey) => {
    const def = QUEUES[queueKey];
    const queue = stack.async.queues[queueKey];
    const dlq = stack.async.deadLetterQueues[queueKey];
    template.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: `${stage}-${def.logicalName}`,
      KmsMasterKeyId: arnOf(key),
      VisibilityTimeout: def.visibilityTimeoutSeconds,
      RedrivePolicy: { deadLetterTargetArn: arnOf(dlq), maxReceiveCount: def.maxReceiveCount },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { QueueName: `${stage}-${def.logicalName}-dlq`, KmsMasterKeyId: arnOf(key) });
    for (const q of [queue, dlq]) {
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: logicalId(q) }],
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        },
      });
    }
  });

  it('applies the stage removal policy to table, key and queues', () => {
    const expected = stage === 'prod' ? 'Retain' : 'Delete';
    for (const type of ['AWS::DynamoDB::GlobalTable', 'AWS::KMS::Key', 'AWS::SQS::Queue']) {
      const resources = Object.values(template.findResources(type));
      expect(resources.length).toBeGreaterThan(0);
      for (const r of resources) expect([type, r.DeletionPolicy, r.UpdateReplacePolicy]).toEqual([type, expected, expected]);
    }
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: stage === 'prod' })],
    });
  });

  it('reports batch item failures from the queue consumer', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: arnOf(stack.async.queues.callbacks),
      BatchSize: 7,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('traces the API routes’ functions only (sampled); event consumers run without X-Ray', () => {
    const functions = template.findResources('AWS::Lambda::Function');
    const traced = new Set(stack.api.functions.map((f) => logicalId(f.function)));
    const asyncIds = new Set(stack.async.functions.map((f) => logicalId(f.function)));
    expect(asyncIds.size).toBeGreaterThan(0);
    for (const [id, fn] of Object.entries(functions)) {
      if (traced.has(id)) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      else if (asyncIds.has(id)) expect(fn.Properties.TracingConfig).toBeUndefined();
    }
    // The callback path's consumers in particular: each stream or queue batch would otherwise be a trace of its own.
    for (const f of stack.async.functions) expect(functions[logicalId(f.function)]?.Properties.TracingConfig).toBeUndefined();
  });

  it('builds every function for arm64 + nodejs22.x, its log group and the platform environment', () => {
    const functions = Object.values(platformFunctions(template));
    expect(functions).toHaveLength(stack.functions.length);
    const retention = stageSettings(stage).logRetention;
    for (const fn of functions) {
      expect(fn.Properties).toMatchObject({
        Architectures: ['arm64'],
        Runtime: 'nodejs22.x',
        Handler: 'index.handler',
        Environment: {
          Variables: {
            STAGE: stage,
            TABLE_NAME: { Ref: logicalId(stack.data.table) },
            CALLBACK_QUEUE_URL: { Ref: logicalId(stack.async.queues.callbacks) },
            RECURRING_QUEUE_URL: { Ref: logicalId(stack.async.queues.recurringCharges) },
            KMS_KEY_ID: arnOf(key),
            CARD_DATA_KMS_KEY_ID: arnOf(stack.data.purposeKeys['card-data']),
            MERCHANT_SECRETS_KMS_KEY_ID: arnOf(stack.data.purposeKeys['merchant-secrets']),
            WALLET_KEYS_KMS_KEY_ID: arnOf(stack.data.purposeKeys['wallet-keys']),
            EVENT_BUS_NAME: { Ref: logicalId(stack.async.bus) },
            PUBLIC_BASE_URL: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.apiEdge.distribution), 'DomainName'] }]] },
            METRICS_ENABLED: 'true',
            POWERTOOLS_SERVICE_NAME: 'payments',
          },
        },
      });
      expect(fn.Properties.Environment.Variables.AWS_REGION).toBeUndefined();
      const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref as string;
      expect(template.findResources('AWS::Logs::LogGroup')[logGroupId]?.Properties.RetentionInDays).toBe(retention);
    }
    template.hasResourceProperties('AWS::Lambda::Function', { Description: Match.stringLikeRegexp(' Writer '), MemorySize: 1024 });
    template.hasResourceProperties('AWS::Lambda::Function', { Description: Match.stringLikeRegexp(' ReadOnly '), MemorySize: 512 });
  });

  it('grants no wildcard actions to any function', () => {
    for (const fn of stack.functions) {
      for (const s of statementsOf(stack, template, fn.node.id)) {
        for (const action of actionsOf(s)) expect(action, `${fn.node.id}: ${action}`).not.toContain('*');
      }
    }
  });

  it('lets a function send only to the queues in its grants', () => {
    const sendsTo = (id: string) =>
      statementsOf(stack, template, id)
        .filter((s) => actionsOf(s).includes('sqs:SendMessage'))
        .map((s) => s.Resource);
    expect(sendsTo('Writer')).toEqual([arnOf(stack.async.queues.callbacks)]);
    expect(sendsTo('ReadOnly')).toEqual([]);
    expect(sendsTo('Sweep')).toEqual([]);
  });

  it('gives table:read without table:write no write actions', () => {
    const actions = statementsOf(stack, template, 'ReadOnly').flatMap(actionsOf);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    expect(actions).not.toContain('dynamodb:PutItem');
    expect(actions).not.toContain('dynamodb:UpdateItem');
    const writeOnly = statementsOf(stack, template, 'Consumer').flatMap(actionsOf);
    expect(writeOnly).toContain('dynamodb:PutItem');
    expect(writeOnly).not.toContain('dynamodb:GetItem');
  });

  it('keeps the payments key out of reach of functions without kms grants', () => {
    const kmsStatements = (id: string) => statementsOf(stack, template, id).filter((s) => actionsOf(s).some((a) => a.startsWith('kms:')));
    // No grants at all: no KMS actions.
    expect(kmsStatements('Ops')).toEqual([]);
    // Table / queue access needs the key, but only when DynamoDB or SQS calls KMS on the function's behalf.
    for (const id of ['ReadOnly', 'Sweep', 'Consumer']) {
      const statements = kmsStatements(id);
      expect(statements.length).toBeGreaterThan(0);
      for (const s of statements) {
        expect(s.Condition?.StringEquals?.['kms:ViaService']).toMatch(/^(dynamodb|sqs)\.eu-west-1\.amazonaws\.com$/);
      }
    }
    // The table key is never usable directly; purpose keys only as the grants list them, with that purpose.
    const direct = kmsStatements('Writer').filter((s) => s.Condition?.StringEquals?.['kms:ViaService'] === undefined);
    expect(direct.map((s) => s.Resource)).not.toContainEqual(arnOf(key));
    const byKey = (purpose: KeyPurpose) =>
      direct.filter((s) => JSON.stringify(s.Resource) === JSON.stringify(arnOf(stack.data.purposeKeys[purpose])));
    expect(byKey('card-data').flatMap(actionsOf).sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
    expect(byKey('merchant-secrets').flatMap(actionsOf)).toEqual(['kms:Decrypt']);
    expect(byKey('wallet-keys')).toEqual([]);
    for (const purpose of ['card-data', 'merchant-secrets'] as const) {
      expect(byKey(purpose)[0]!.Condition).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': purpose } });
    }
    expect(direct).toHaveLength(2);
  });

  it.each(KEY_PURPOSES)('gives %s its own rotated key whose policy grants no kms:* and no use beyond its purpose', (purpose) => {
    const purposeKey = stack.data.purposeKeys[purpose];
    template.hasResourceProperties('AWS::KMS::Alias', { AliasName: `alias/${stage}-${purpose}`, TargetKeyId: arnOf(purposeKey) });
    const resource = template.findResources('AWS::KMS::Key')[logicalId(purposeKey)]!;
    expect(resource.Properties.EnableKeyRotation).toBe(true);
    const statements = resource.Properties.KeyPolicy.Statement as Array<Statement & { Principal: unknown; Sid: string }>;
    const root = { AWS: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::111111111111:root']] } };
    for (const s of statements) {
      expect(s.Principal).toEqual(root);
      expect(actionsOf(s)).not.toContain('kms:*');
    }
    const admin = statements.find((s) => s.Sid === 'KeyAdministration')!;
    for (const use of ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey', 'kms:ReEncryptFrom'])
      expect(actionsOf(admin)).not.toContain(use);
    const use = statements.filter((s) => actionsOf(s).includes('kms:Decrypt'));
    expect(use).toHaveLength(1);
    expect(use[0]!.Condition).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': purpose } });
    // Distinct keys: no two purposes share one.
    const others = KEY_PURPOSES.filter((p) => p !== purpose).map((p) => logicalId(stack.data.purposeKeys[p]));
    expect(others).not.toContain(logicalId(purposeKey));
    expect(logicalId(purposeKey)).not.toBe(logicalId(key));
  });

  it('serves one HTTP API route per table entry, with access logs and throttling', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'GET /fixture/read' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /fixture/{id}/write' });
    const { api } = stageSettings(stage);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: api.throttleRateLimit, ThrottlingBurstLimit: api.throttleBurstLimit },
    });
  });

  it('runs scheduled functions on rate rules and ops functions on the ops bus', () => {
    const target = (id: string) => {
      const fn = stack.functions.find((f) => f.node.id === id)!;
      return [Match.objectLike({ Arn: arnOf(fn.function) })];
    };
    template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(5 minutes)', Targets: target('Sweep') });
    template.hasResourceProperties('AWS::Events::EventBus', { Name: `${stage}-ops` });
    template.hasResourceProperties('AWS::Events::Rule', {
      EventBusName: { Ref: logicalId(stack.async.bus) },
      EventPattern: { source: ['payments.ops'], 'detail-type': ['MerchantSuspended'] },
      Targets: target('Ops'),
    });
  });

  it('alarms on every DLQ and on every function’s errors, through an encrypted topic', () => {
    // Alarms, topic and dashboard live in the Monitoring nested stack (the main stack's 500 resources).
    const monitoring = Template.fromStack(Stack.of(stack.observability) as NestedStack);
    const topic = { Ref: logicalId(stack.observability.topic) };
    monitoring.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    const alarms = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
    // The parent passes each queue's and function's name in as a parameter: the description says which.
    for (const queueKey of Object.keys(stack.async.deadLetterQueues)) {
      const alarm = alarms.find(
        (a) => a.MetricName === 'ApproximateNumberOfMessagesVisible' && a.AlarmDescription.includes(`the ${queueKey} dead-letter queue`),
      );
      expect(alarm, queueKey).toMatchObject({
        Namespace: 'AWS/SQS',
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0,
        AlarmActions: [topic],
      });
    }
    for (const fn of stack.functions) {
      const alarm = alarms.find((a) => a.MetricName === 'Errors' && a.AlarmDescription.includes(`${fn.node.id} errors`));
      expect(alarm, fn.node.id).toMatchObject({ Namespace: 'AWS/Lambda', AlarmActions: [topic] });
    }
  });

  it('passes cdk-nag AwsSolutions checks (findings fixed or acknowledged with a reason)', () => {
    const report = new AwsSolutionsChecks().validateScope(stack);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });
});

describe('stages', () => {
  it('names resources per stage', () => {
    const names = (t: Template, type: string, prop: string) =>
      Object.values(t.findResources(type))
        .map((r) => r.Properties[prop] as string)
        .sort();
    for (const [type, prop] of [
      ['AWS::DynamoDB::GlobalTable', 'TableName'],
      ['AWS::SQS::Queue', 'QueueName'],
      ['AWS::KMS::Alias', 'AliasName'],
      ['AWS::Events::EventBus', 'Name'],
    ] as const) {
      const devNames = names(dev.template, type, prop);
      const prodNames = names(prod.template, type, prop);
      expect(devNames.every((n) => n.includes('dev-'))).toBe(true);
      expect(prodNames.every((n) => n.includes('prod-'))).toBe(true);
      expect(devNames.filter((n) => prodNames.includes(n))).toEqual([]);
    }
  });

  it('gives sandbox stages of other names dev-like settings and rejects unusable names', () => {
    const sandbox = stageSettings('alice', { kind: 'sandbox' });
    const { stage: _stage, ...rest } = sandbox;
    const { stage: _dev, ...devRest } = stageSettings('dev');
    expect(rest).toEqual(devRest);
    expect(stageSettings('prod').pointInTimeRecovery).toBe(true);
    expect(stageSettings('staging').pointInTimeRecovery).toBe(true);
    expect(() => stageSettings('Prod_1')).toThrow(/Invalid stage name/);
  });
});

describe('wallet trust roots', () => {
  it('reach every function as configuration when the deployer provides them', () => {
    const { stack } = buildPaymentsApp({
      stage: 'dev',
      account: '111111111111',
      region: 'eu-west-1',
      routes,
      consumers,
      scheduled,
      opsEvents,
      walletTrust: { APPLE_PAY_ROOT_CA_PRODUCTION: '-----BEGIN CERTIFICATE-----test', GOOGLE_PAY_GATEWAY_ID: 'mygateway' },
    });
    const functions = Object.values(platformFunctions(Template.fromStack(stack)));
    expect(functions.length).toBeGreaterThan(0);
    for (const fn of functions) {
      expect(fn.Properties.Environment.Variables).toMatchObject({
        APPLE_PAY_ROOT_CA_PRODUCTION: '-----BEGIN CERTIFICATE-----test',
        GOOGLE_PAY_GATEWAY_ID: 'mygateway',
      });
    }
  });
});

describe('APM deadline schedules', () => {
  const { stack } = buildPaymentsApp({
    stage: 'prod',
    account: '111111111111',
    region: 'eu-west-1',
    routes: [
      ...routes,
      { id: 'ApmSale', method: 'POST', path: '/fixture/sale', handler, grants: ['table:write', 'scheduler:create:apm-deadlines'] },
    ],
    consumers,
    scheduled,
    opsEvents,
  });
  const template = Template.fromStack(stack);
  const { group, role } = stack.async.deadlineSchedules;
  const roleId = logicalId(role);

  it('gives Scheduler its own role that may only put events on the ops bus', () => {
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'prod-apm-deadlines' });
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': '111111111111' } },
          }),
        ],
      },
    });
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
    expect(statements).toEqual([expect.objectContaining({ Action: 'events:PutEvents', Resource: arnOf(stack.async.bus) })]);
  });

  it('lets only functions with the grant create schedules, in the group, passing that role to Scheduler only', () => {
    const statements = statementsOf(stack, template, 'ApmSale');
    const create = statements.find((s) => actionsOf(s).includes('scheduler:CreateSchedule'))!;
    expect(actionsOf(create)).toEqual(['scheduler:CreateSchedule']);
    expect(create.Resource).toEqual({
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':scheduler:eu-west-1:111111111111:schedule/',
          { Ref: Stack.of(group).getLogicalId(group) },
          '/*',
        ],
      ],
    });
    const pass = statements.find((s) => actionsOf(s).includes('iam:PassRole'))!;
    expect(pass.Resource).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
    expect(pass.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
    const fn = stack.functions.find((f) => f.node.id === 'ApmSale')!;
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: Match.absent(),
      Environment: {
        Variables: Match.objectLike({
          APM_DEADLINE_SCHEDULE_GROUP: { Ref: Stack.of(group).getLogicalId(group as CfnElement) },
          APM_DEADLINE_SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [roleId, 'Arn'] },
          EVENT_BUS_ARN: arnOf(stack.async.bus),
        }),
      },
      Description: Match.stringLikeRegexp('ApmSale'),
    });
    expect(fn).toBeDefined();
    for (const other of ['ReadOnly', 'Writer', 'Consumer', 'Sweep', 'Ops']) {
      expect(
        statementsOf(stack, template, other)
          .flatMap(actionsOf)
          .filter((a) => a.startsWith('scheduler:') || a === 'iam:PassRole'),
        other,
      ).toEqual([]);
    }
    const report = new AwsSolutionsChecks().validateScope(stack);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });
});
