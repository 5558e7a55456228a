/**
 * The payment changes' stream consumer on AWS (the ledger's journals and the dashboard's counters, one function): a
 * mapping on the table's stream filtered to payment INSERTs and payment / callback MODIFYs, with a batching window, a
 * tumbling window (the shard id the counters' retry check needs), bisect on error and an encrypted on-failure queue;
 * the table's stream carries old images too and has two consumers (DynamoDB Streams throttles past two readers a
 * shard); the function may read (fee schedules) and write (journals, counters) the table, send to its failure queue,
 * and use the platform key only through DynamoDB and SQS.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { paymentChangeStreams } from '../../shared/entry/routes/payment-changes.js';
import { STREAM_CONSUMERS } from '../../shared/entry/routes/index.js';

const handler = 'test/infra/fixtures/handler';
const streams = paymentChangeStreams.map((s) => ({ ...s, handler }));
const { stack } = buildPaymentsApp({
  stage: 'dev',
  account: '111111111111',
  region: 'eu-west-1',
  routes: [],
  consumers: [],
  scheduled: [],
  opsEvents: [],
  streams,
});
const template = Template.fromStack(stack);

describe('payment changes stream consumer (journals and dashboard counters)', () => {
  it('is one of the platform stream consumers, which are two at most (DynamoDB Streams throttles past two readers a shard)', () => {
    expect(STREAM_CONSUMERS.map((s) => s.id)).toContain('PaymentChanges');
    expect(STREAM_CONSUMERS.length).toBeLessThanOrEqual(2);
  });

  it('reads old and new images from the table stream', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', { StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' } });
  });

  it('is mapped with filters, a batching and a tumbling window, bisect on error and an on-failure queue', () => {
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping'));
    expect(mappings).toHaveLength(1);
    const props = mappings[0]!.Properties;
    expect(props).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [expect.stringMatching(/^DataTable/), 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: 500,
      // A payment's records (reservation, outcome, callback delivery) in one batch at low volume: one invocation and
      // one ADD per counter item instead of three or four of each.
      MaximumBatchingWindowInSeconds: 20,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      TumblingWindowInSeconds: 60,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [expect.stringMatching(/PaymentChangesFailures/), 'Arn'] } } },
    });
    const patterns = props.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern));
    expect(patterns).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { kind: { S: ['payment'] } } } },
      { eventName: ['MODIFY'], dynamodb: { NewImage: { kind: { S: ['payment', 'callback'] } } } },
    ]);
  });

  it('may read (fee schedules) and write (journals, counters) the table', () => {
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap((p) => p.Properties.PolicyDocument.Statement);
    const actions = statements.flatMap((s) => [s.Action].flat() as string[]);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:GetItem']));
  });

  it('has an encrypted failure queue, and the function may use the key only through DynamoDB and SQS', () => {
    const queues = template.findResources('AWS::SQS::Queue', { Properties: { QueueName: 'dev-payment-changes-failures' } });
    const [queueId, queue] = Object.entries(queues)[0]!;
    expect(queue.Properties).toMatchObject({
      KmsMasterKeyId: { 'Fn::GetAtt': [expect.stringMatching(/^DataKey/), 'Arn'] },
      MessageRetentionPeriod: 14 * 86400,
    });
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap((p) => p.Properties.PolicyDocument.Statement);
    expect(statements).toContainEqual(
      expect.objectContaining({ Action: expect.arrayContaining(['sqs:SendMessage']), Resource: { 'Fn::GetAtt': [queueId, 'Arn'] } }),
    );
    const keyUse = statements.filter((s) => [s.Action].flat().some((a: string) => a.startsWith('kms:')));
    expect(keyUse.length).toBeGreaterThan(0);
    for (const s of keyUse) expect(s.Condition?.StringEquals?.['kms:ViaService']).toMatch(/^(dynamodb|sqs)\./);
  });

  it("creates the APM deadlines' one-time schedules (it arms them, not the request), knowing where", () => {
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap((p) => p.Properties.PolicyDocument.Statement);
    const actions = statements.flatMap((s) => [s.Action].flat() as string[]);
    expect(actions).toEqual(expect.arrayContaining(['scheduler:CreateSchedule', 'iam:PassRole']));
    const fn = Object.values(template.findResources('AWS::Lambda::Function')).find((f) =>
      String(f.Properties.Description).includes('PaymentChanges'),
    )!;
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['APM_DEADLINE_SCHEDULE_GROUP', 'APM_DEADLINE_SCHEDULER_ROLE_ARN', 'EVENT_BUS_ARN']),
    );
  });
});
