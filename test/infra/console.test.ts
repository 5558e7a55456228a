/**
 * The console on AWS: a user pool per stage with TOTP MFA required and no self sign-up, an app client that signs in
 * server side only, a private bucket behind CloudFront (origin access control) with the console's CSP, the API at
 * /console/api/* on the same distribution, and Cognito rights only for the functions granted a cognito: grant, each
 * only the calls it makes. CloudFront marks its requests to the API (origin verify) and passes the viewer's address.
 */
import type { NestedStack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { consoleRoutes } from '../../shared/entry/routes/console.js';
import type { RouteDefinition } from '../../shared/entry/routes/types.js';

const handler = 'test/infra/fixtures/handler';
// The console's own route definitions (their grants are what is checked), on a fixture handler.
const real = (id: string): RouteDefinition => ({ ...consoleRoutes.find((r) => r.id === id)!, handler });
const routes: RouteDefinition[] = [
  real('ConsoleSignIn'),
  real('ConsoleSignInChallenge'),
  real('ConsoleUserInvite'),
  real('ConsoleUserAccess'),
  { id: 'ConsolePayments', method: 'GET', path: '/console/api/payments', handler, grants: ['table:read'] },
  {
    id: 'ConsoleCallbacksReplayFailed',
    method: 'POST',
    path: '/console/api/callbacks/replay-failed',
    handler,
    grants: ['table:read', 'table:write', 'queue:send:callbacks', 'queue:redrive:callbacks'],
  },
];
const { stack } = buildPaymentsApp({
  stage: 'dev',
  account: '111111111111',
  region: 'eu-west-1',
  routes,
  consumers: [],
  scheduled: [],
  opsEvents: [],
});
const template = Template.fromStack(stack);
// The console API's functions live in a nested stack (CloudFormation's 500-resource limit).
const functions = Template.fromStack(stack.node.findChild('ConsoleApi') as NestedStack);

function functionNamed(id: string) {
  const fns = functions.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp(` ${id} `) } });
  return Object.values(fns)[0]!;
}

/** The IAM actions of a function's role, across its policies. */
function actionsOf(id: string): string[] {
  const role = functionNamed(id).Properties.Role['Fn::GetAtt'][0] as string;
  const policies = Object.values(functions.findResources('AWS::IAM::Policy')).filter((p) =>
    JSON.stringify(p.Properties.Roles).includes(`"${role}"`),
  );
  return policies.flatMap((p) =>
    (p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((st) => [st.Action].flat()),
  );
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
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_ADMIN_USER_PASSWORD_AUTH']),
      GenerateSecret: false,
    });
  });

  it('serves the pages from a private bucket through CloudFront with the console CSP, and the API on the same origin', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', Match.anyValue());
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.stringLikeRegexp("script-src 'self';"), Override: true },
        }),
      },
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/console/api/*',
            AllowedMethods: Match.arrayWith(['PUT', 'POST']),
            ViewerProtocolPolicy: 'https-only',
          }),
        ],
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
      }),
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('lets only functions with a cognito: grant call the pool, and gives them its ids', () => {
    const signIn = functionNamed('ConsoleSignIn');
    const payments = functionNamed('ConsolePayments');
    expect(Object.keys(signIn.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['CONSOLE_USER_POOL_ID', 'CONSOLE_USER_POOL_CLIENT_ID', 'CONSOLE_URL']),
    );
    expect(payments.Properties.Environment.Variables.CONSOLE_USER_POOL_ID).toBeUndefined();
    const policies = Object.values(functions.findResources('AWS::IAM::Policy'));
    const cognitoStatements = policies
      .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
      .filter((s) => JSON.stringify(s.Action).includes('cognito-idp'));
    expect(cognitoStatements).toHaveLength(4);
    for (const st of cognitoStatements) {
      expect(JSON.stringify(st.Resource)).toMatch(/UserPool/);
      expect(JSON.stringify(st.Action)).not.toMatch(/\*/);
    }
    expect(actionsOf('ConsolePayments').filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
  });

  it('gives each console function only the Cognito calls it makes: the public sign-in cannot create, disable or enable users', () => {
    const cognito = (id: string) =>
      actionsOf(id)
        .filter((a) => a.startsWith('cognito-idp:'))
        .sort();
    for (const id of ['ConsoleSignIn', 'ConsoleSignInChallenge']) {
      expect(cognito(id)).toEqual([
        'cognito-idp:AdminInitiateAuth',
        'cognito-idp:AdminRespondToAuthChallenge',
        'cognito-idp:AssociateSoftwareToken',
        'cognito-idp:VerifySoftwareToken',
      ]);
      expect(cognito(id)).not.toEqual(expect.arrayContaining(['cognito-idp:AdminCreateUser']));
      expect(cognito(id).filter((a) => /AdminCreateUser|AdminDisableUser|AdminEnableUser/.test(a))).toEqual([]);
    }
    expect(cognito('ConsoleUserInvite')).toEqual(['cognito-idp:AdminCreateUser']);
    expect(cognito('ConsoleUserAccess')).toEqual(['cognito-idp:AdminDisableUser', 'cognito-idp:AdminEnableUser']);
  });

  it('marks CloudFront’s requests to the console API with a generated value only the console functions know, and passes the viewer’s address', () => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution')).find((d) =>
      /console/.test(d.Properties.DistributionConfig.Comment),
    )!;
    const api = (
      distribution.Properties.DistributionConfig.Origins as {
        CustomOriginConfig?: unknown;
        OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
      }[]
    ).find((o) => o.CustomOriginConfig)!;
    const verify = api.OriginCustomHeaders!.find((h) => h.HeaderName === 'x-console-origin-verify')!;
    expect(JSON.stringify(verify.HeaderValue)).toMatch(/resolve:secretsmanager:/);
    template.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ ExcludePunctuation: true }) });
    template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: Match.arrayWith(['origin', 'x-csrf-token', 'CloudFront-Viewer-Address']) },
      }),
    });
    // Every console route's function: the verify value (resolved by CloudFormation) and the idle timeout.
    for (const id of ['ConsoleSignIn', 'ConsolePayments']) {
      const env = functionNamed(id).Properties.Environment.Variables;
      expect(JSON.stringify(env.CONSOLE_ORIGIN_VERIFY)).toMatch(/resolve:secretsmanager:/);
      expect(env.CONSOLE_IDLE_MINUTES).toBe('15');
    }
  });

  it('takes the idle timeout from -c consoleIdleMinutes (1 to 15)', () => {
    const withContext = (value: string) =>
      buildPaymentsApp({
        app: new App({ context: { consoleIdleMinutes: value } }),
        stage: 'dev',
        account: '111111111111',
        region: 'eu-west-1',
        routes: [routes[4]!],
        consumers: [],
        scheduled: [],
        opsEvents: [],
      });
    const nested = Template.fromStack(withContext('10').stack.node.findChild('ConsoleApi') as NestedStack);
    expect(Object.values(nested.findResources('AWS::Lambda::Function'))[0]!.Properties.Environment.Variables.CONSOLE_IDLE_MINUTES).toBe(
      '10',
    );
    expect(() => withContext('30')).toThrow(/consoleIdleMinutes/);
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
