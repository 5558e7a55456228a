/**
 * The ledger's stream consumer on AWS: a mapping on the table's stream filtered to payment INSERTs and MODIFYs, with
 * a batching window, bisect on error and an on-failure queue, and a function that may read and write the table.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { ledgerStreams } from '../../shared/routes/ledger.js';
import { STREAM_CONSUMERS } from '../../shared/routes/index.js';

const handler = 'test/infra/fixtures/handler';
const streams = ledgerStreams.map((s) => ({ ...s, handler }));
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

describe('ledger journal stream consumer', () => {
  it('is one of the platform stream consumers', () => {
    expect(STREAM_CONSUMERS.map((s) => s.id)).toContain('LedgerJournals');
  });

  it('is mapped on the table stream to payment changes, with bisect on error and an on-failure queue', () => {
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping'));
    expect(mappings).toHaveLength(1);
    const props = mappings[0]!.Properties;
    expect(props).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [expect.stringMatching(/^DataTable/), 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 20,
      BisectBatchOnFunctionError: true,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [expect.stringMatching(/LedgerJournalsFailures/), 'Arn'] } } },
    });
    const patterns = props.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern));
    expect(patterns).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { kind: { S: ['payment'] } } } },
      { eventName: ['MODIFY'], dynamodb: { NewImage: { kind: { S: ['payment'] } } } },
    ]);
  });

  it('may read (fee schedules) and write (journals) the table', () => {
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap((p) => p.Properties.PolicyDocument.Statement);
    const actions = statements.flatMap((s) => [s.Action].flat() as string[]);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:GetItem']));
  });
});
