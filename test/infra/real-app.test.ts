/**
 * The real app, as `cdk synth` builds it: every route, consumer, schedule and ops event of shared/entry/routes becomes a
 * bundled function (esbuild succeeds on the real handler modules), and cdk-nag finds nothing unacknowledged.
 */
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { KEY_PURPOSES, type KeyPurpose } from '../../shared/lib/resources.js';
import { OPS_EVENTS, QUEUE_CONSUMERS, ROUTES, SCHEDULED, STREAM_CONSUMERS, routesForStage } from '../../shared/entry/routes/index.js';

// prod is no sandbox: the sandbox-only routes (hosted-fields demo) are not deployed (test/infra/sandbox-routes.test.ts).
const PROD_ROUTES = routesForStage(ROUTES, { kind: 'live' });

describe('the real prod app', () => {
  const { stack } = buildPaymentsApp({ stage: 'prod', account: '111111111111', region: 'eu-west-1' });
  const template = Template.fromStack(stack);

  it('batches the callback queue for up to a second and traces only the API routes’ functions', () => {
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping'));
    const sqsMappings = mappings.filter((m) => m.Properties.FunctionResponseTypes?.includes('ReportBatchItemFailures'));
    expect(sqsMappings.length).toBeGreaterThan(0);
    expect(sqsMappings.some((m) => m.Properties.BatchSize === 10 && m.Properties.MaximumBatchingWindowInSeconds === 1)).toBe(true);
    const functions = Object.values(template.findResources('AWS::Lambda::Function'));
    const traced = functions.filter((f) => f.Properties.TracingConfig?.Mode === 'Active');
    expect(traced.length).toBeGreaterThan(0);
    expect(functions.length - traced.length).toBeGreaterThanOrEqual(
      QUEUE_CONSUMERS.length + STREAM_CONSUMERS.length + SCHEDULED.length + OPS_EVENTS.length,
    );
  });

  it("serves every route of the shared route table but the sandbox-only ones; the console's on its own API", () => {
    const keysOf = (t: Template) => Object.values(t.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey as string);
    const consoleTemplate = Template.fromStack(Stack.of(stack.consoleApi.functions[0]!));
    const isConsole = (key: string) => key.includes(' /console/api/');
    expect(keysOf(template).sort()).toEqual(
      PROD_ROUTES.map((r) => `${r.method} ${r.path}`)
        .filter((k) => !isConsole(k))
        .sort(),
    );
    expect(keysOf(consoleTemplate).sort()).toEqual(
      PROD_ROUTES.map((r) => `${r.method} ${r.path}`)
        .filter(isConsole)
        .sort(),
    );
    const apiIds = (t: Template) =>
      new Set(Object.values(t.findResources('AWS::ApiGatewayV2::Route')).map((r) => JSON.stringify(r.Properties.ApiId)));
    expect(apiIds(template).size).toBe(1);
    expect(apiIds(consoleTemplate).size).toBe(1);
  });

  it('builds one function per route, consumer, schedule and ops event', () => {
    const ids = stack.functions.map((f) => f.node.id).sort();
    const expected = [...PROD_ROUTES, ...QUEUE_CONSUMERS, ...STREAM_CONSUMERS, ...SCHEDULED, ...OPS_EVENTS].map((d) => d.id).sort();
    expect(ids).toEqual(expected);
    expect(new Set(expected).size).toBe(expected.length);
  });

  /** Purposes whose KMS key the function's role may use directly (kms:Decrypt on that key's ARN). */
  const decrypts = (id: string): KeyPurpose[] => {
    const fn = stack.functions.find((f) => f.node.id === id)!;
    const roleId = Stack.of(fn).getLogicalId(fn.function.role!.node.defaultChild as CfnElement);
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>)
      .filter((st) => [st.Action].flat().includes('kms:Decrypt'));
    return KEY_PURPOSES.filter((purpose) => {
      const arn = { 'Fn::GetAtt': [Stack.of(fn).getLogicalId(stack.data.purposeKeys[purpose].node.defaultChild as CfnElement), 'Arn'] };
      return statements.some((st) => JSON.stringify(st.Resource) === JSON.stringify(arn));
    });
  };

  it('lets each function decrypt only the purposes it needs', () => {
    // Callbacks carry masked cards: the consumer opens merchant secrets only.
    expect(decrypts('CallbackDeliver')).toEqual(['merchant-secrets']);
    // A wallet SALE needs the wallet key; 3DS completion and the Checkout page do not.
    expect(decrypts('S2sCardPost')).toEqual(['card-data', 'merchant-secrets', 'wallet-keys']);
    expect(decrypts('S2sApmPost')).toEqual(['card-data', 'merchant-secrets', 'wallet-keys']);
    expect(decrypts('ThreeDsComplete')).toEqual(['card-data', 'merchant-secrets']);
    for (const id of [
      'CheckoutRefund',
      'CheckoutVoid',
      'CheckoutCapture',
      'CheckoutStatus',
      'ThreeDsPage',
      'Reconciler',
      'ChargebackReceived',
      'S2sApmMethodPagePost',
    ]) {
      expect([id, decrypts(id)]).toEqual([id, ['merchant-secrets']]);
    }
    for (const id of ['Health', 'OutboxSweeper', 'ScheduleRunner', 'ScheduleOpsEvent', 'HostedFieldsSdk'])
      expect([id, decrypts(id)]).toEqual([id, []]);
    // Wallet keys: only the two wallet SALE entry points.
    const walletKeyReaders = stack.functions.map((f) => f.node.id).filter((id) => decrypts(id).includes('wallet-keys'));
    expect(walletKeyReaders.sort()).toEqual(['S2sApmPost', 'S2sCardPost', 'S2sCardPostV2']);
    // The table key is never usable directly (only through DynamoDB / SQS).
    const tableKey = { 'Fn::GetAtt': [Stack.of(stack).getLogicalId(stack.data.key.node.defaultChild as CfnElement), 'Arn'] };
    for (const policy of Object.values(template.findResources('AWS::IAM::Policy'))) {
      for (const st of policy.Properties.PolicyDocument.Statement as Array<{
        Resource: unknown;
        Condition?: Record<string, Record<string, string>>;
      }>) {
        if (JSON.stringify(st.Resource) === JSON.stringify(tableKey)) expect(st.Condition?.StringEquals?.['kms:ViaService']).toBeDefined();
      }
    }
  });

  it("hands callbacks' first attempts to CallbackDeliver directly: that function only, Lambda's retries, the queue as destination", () => {
    const fn = (id: string) => stack.functions.find((f) => f.node.id === id)!;
    const idOf = (c: { node: { defaultChild?: unknown } }) =>
      Stack.of(fn('CallbackDeliver')).getLogicalId(c.node.defaultChild as CfnElement);
    const deliver = fn('CallbackDeliver');
    const deliverArn = { 'Fn::GetAtt': [idOf(deliver.function), 'Arn'] };
    const invokes = (id: string) => {
      const roleId = idOf(fn(id).function.role! as never);
      return Object.values(template.findResources('AWS::IAM::Policy'))
        .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>)
        .filter((st) => [st.Action].flat().some((a) => a.startsWith('lambda:')));
    };
    expect(invokes('OutboxStream')).toEqual([{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: deliverArn }]);
    // No other function may invoke a function.
    for (const f of stack.functions) if (f.node.id !== 'OutboxStream') expect(invokes(f.node.id), f.node.id).toEqual([]);
    const outbox = template.findResources('AWS::Lambda::Function')[idOf(fn('OutboxStream').function)]!;
    expect(outbox.Properties.Environment.Variables.CALLBACK_DELIVER_FUNCTION).toEqual({ Ref: idOf(deliver.function) });
    const configs = Object.values(template.findResources('AWS::Lambda::EventInvokeConfig'));
    expect(configs).toHaveLength(1);
    expect(configs[0]!.Properties).toMatchObject({
      FunctionName: { Ref: idOf(deliver.function) },
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 3600,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [idOf(stack.async.queues.callbacks), 'Arn'] } } },
    });
  });

  it('passes cdk-nag', () => {
    const report = new AwsSolutionsChecks().validateScope(stack);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });
}, 120_000);
