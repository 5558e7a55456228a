/**
 * The console on AWS: a user pool per stage with TOTP MFA required and no self sign-up, an app client that signs in
 * server side only, a private bucket behind CloudFront (origin access control) with the console's CSP, the API at
 * /console/api/* on the same distribution, and Cognito rights only for the functions granted cognito:console.
 */
import type { NestedStack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import type { RouteDefinition } from '../../shared/routes/types.js';

const handler = 'test/infra/fixtures/handler';
const routes: RouteDefinition[] = [
  { id: 'ConsoleSignIn', method: 'POST', path: '/console/api/sign-in', handler, grants: ['table:read', 'table:write', 'cognito:console'] },
  { id: 'ConsolePayments', method: 'GET', path: '/console/api/payments', handler, grants: ['table:read'] },
  { id: 'ConsoleCallbacksReplayFailed', method: 'POST', path: '/console/api/callbacks/replay-failed', handler, grants: ['table:read', 'table:write', 'queue:send:callbacks', 'queue:redrive:callbacks'] },
];
const { stack } = buildPaymentsApp({ stage: 'dev', account: '111111111111', region: 'eu-west-1', routes, consumers: [], scheduled: [], opsEvents: [] });
const template = Template.fromStack(stack);
// The console API's functions live in a nested stack (CloudFormation's 500-resource limit).
const functions = Template.fromStack(stack.node.findChild('ConsoleApi') as NestedStack);

function functionNamed(id: string) {
  const fns = functions.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp(` ${id} `) } });
  return Object.values(fns)[0]!;
}

describe('console infrastructure', () => {
  it('has a user pool per stage: no self sign-up, TOTP MFA required, a strong password policy', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolName: 'dev-console',
      MfaConfiguration: 'ON',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: true }),
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 12, RequireSymbols: true }) },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', { ExplicitAuthFlows: Match.arrayWith(['ALLOW_ADMIN_USER_PASSWORD_AUTH']), GenerateSecret: false });
  });

  it('serves the pages from a private bucket through CloudFront with the console CSP, and the API on the same origin', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', Match.anyValue());
    template.hasResourceProperties('AWS::S3::Bucket', { PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true } });
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Match.objectLike({ ContentSecurityPolicy: { ContentSecurityPolicy: Match.stringLikeRegexp("script-src 'self';"), Override: true } }) },
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [Match.objectLike({ PathPattern: '/console/api/*', AllowedMethods: Match.arrayWith(['PUT', 'POST']), ViewerProtocolPolicy: 'https-only' })],
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
      }),
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('lets only functions granted cognito:console call the pool, and gives them its ids', () => {
    const signIn = functionNamed('ConsoleSignIn');
    const payments = functionNamed('ConsolePayments');
    expect(Object.keys(signIn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['CONSOLE_USER_POOL_ID', 'CONSOLE_USER_POOL_CLIENT_ID', 'CONSOLE_URL']));
    expect(payments.Properties.Environment.Variables.CONSOLE_USER_POOL_ID).toBeUndefined();
    const policies = Object.values(functions.findResources('AWS::IAM::Policy'));
    const cognitoStatements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]).filter((s) => JSON.stringify(s.Action).includes('cognito-idp'));
    expect(cognitoStatements).toHaveLength(1);
    expect(JSON.stringify(cognitoStatements[0]!.Resource)).toMatch(/UserPool/);
    expect(JSON.stringify(cognitoStatements[0]!.Action)).not.toMatch(/\*/);
  });

  it('lets only the function granted queue:redrive:callbacks read the callbacks DLQ, and tells it where', () => {
    const replay = functionNamed('ConsoleCallbacksReplayFailed');
    const payments = functionNamed('ConsolePayments');
    expect(replay.Properties.Environment.Variables.CALLBACK_DLQ_URL).toBeDefined();
    expect(payments.Properties.Environment.Variables.CALLBACK_DLQ_URL).toBeUndefined();
    const statements = Object.values(functions.findResources('AWS::IAM::Policy')).flatMap(
      (p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const receive = statements.filter((s) => JSON.stringify(s.Action).includes('sqs:ReceiveMessage'));
    expect(receive).toHaveLength(1);
    expect(JSON.stringify(receive[0]!.Resource)).toMatch(/callbacksDlq/);
  });
});
