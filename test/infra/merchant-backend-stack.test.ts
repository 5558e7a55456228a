/**
 * `-c merchantBackend=true`: the mobile SDK's reference backend as its own stack — one Lambda behind its own HTTP
 * API with exactly the four routes the spec names, each behind a JWT authorizer for the merchant's app users
 * (`-c appJwtIssuer`, `-c appJwtAudience`, both required), order owners in a table only that function uses, the
 * password in Secrets Manager (readable by that function alone, never in its environment), throttled and logged
 * like the platform's API. Off by default.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { unbundledApp } from './unbundled-app.js';

const handler = 'test/infra/fixtures/handler';
const base = {
  stage: 'dev',
  account: '111111111111',
  region: 'eu-west-1',
  routes: [{ id: 'Fixture', method: 'GET' as const, path: '/fixture', handler, grants: [] }],
  consumers: [],
  scheduled: [],
  opsEvents: [],
};

describe('merchant backend stack', () => {
  it('is not deployed unless asked for', () => {
    expect(buildPaymentsApp({ ...base, app: unbundledApp() }).merchantBackend).toBeUndefined();
  });

  it("refuses to synth without the app users' identity provider, naming -c appJwtIssuer and -c appJwtAudience", () => {
    const backend = { merchantKey: 'mk-1' };
    const message = /-c appJwtIssuer=.*-c appJwtAudience=/;
    expect(() => buildPaymentsApp({ ...base, app: unbundledApp(), merchantBackend: backend })).toThrow(message);
    expect(() =>
      buildPaymentsApp({ ...base, app: unbundledApp({ appJwtIssuer: 'https://id.shop.example/' }), merchantBackend: backend }),
    ).toThrow(message);
    expect(() =>
      buildPaymentsApp({
        ...base,
        app: unbundledApp({ appJwtIssuer: 'http://id.shop.example/', appJwtAudience: 'app' }),
        merchantBackend: backend,
      }),
    ).toThrow(message);
  });

  // Synthesizing both stacks is CPU-bound (CDK; nothing bundled: unbundled-app.ts): seconds on a loaded machine.
  it('deploys one Lambda behind its own HTTP API with the four spec routes, the password in a secret', () => {
    const app = unbundledApp({ appJwtIssuer: 'https://id.shop.example/', appJwtAudience: 'shop-app,shop-web' });
    const { merchantBackend, stack } = buildPaymentsApp({
      ...base,
      app,
      merchantBackend: { merchantKey: 'mk-1', allowedReturnUrls: 'https://shop.example/app/' },
    });
    expect(merchantBackend!.stackName).toBe('dev-merchant-backend');
    expect(merchantBackend!.stackName).not.toBe(stack.stackName);
    const t = Template.fromStack(merchantBackend!);

    t.resourceCountIs('AWS::Lambda::Function', 1);
    t.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    const routes = Object.values(t.findResources('AWS::ApiGatewayV2::Route'))
      .map((r) => r.Properties.RouteKey as string)
      .sort();
    expect(routes).toEqual([
      'POST /api/v1/payment/refund',
      'POST /api/v1/payment/status',
      'POST /api/v1/payment/void',
      'POST /api/v1/session',
    ]);

    // Every route behind the one JWT authorizer: an anonymous caller never reaches the function.
    t.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    t.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Issuer: 'https://id.shop.example/', Audience: ['shop-app', 'shop-web'] },
    });
    for (const route of Object.values(t.findResources('AWS::ApiGatewayV2::Route'))) {
      expect(route.Properties).toMatchObject({
        AuthorizationType: 'JWT',
        AuthorizerId: { Ref: expect.stringMatching(/^HttpApiAppUsers/) },
      });
    }

    const fn = Object.values(t.findResources('AWS::Lambda::Function'))[0]!;
    const env = fn.Properties.Environment.Variables as Record<string, unknown>;
    expect(env).toMatchObject({ MERCHANT_KEY: 'mk-1', ALLOWED_RETURN_URLS: 'https://shop.example/app/' });
    expect(JSON.stringify(env.MERCHANT_PASSWORD_SECRET_ARN)).toMatch(/"Ref":"MerchantPassword/);
    expect(Object.keys(env)).not.toContain('MERCHANT_PASSWORD');
    expect(JSON.stringify(env.PLATFORM_URL)).toContain('Fn::ImportValue'); // the payments stack's API URL
    expect(JSON.stringify(env.ORDER_OWNERS_TABLE)).toMatch(/"Ref":"OrderOwners/);
    t.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [{ AttributeName: 'order_number', KeyType: 'HASH' }],
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], TracingConfig: { Mode: 'Active' } });

    t.resourceCountIs('AWS::SecretsManager::Secret', 1);
    // The function's role may read that one secret, nothing else of Secrets Manager.
    const statements = Object.values(t.findResources('AWS::IAM::Policy')).flatMap(
      (p) => p.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>,
    );
    const secretReads = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('secretsmanager:')));
    expect(secretReads).toHaveLength(1);
    expect(JSON.stringify(secretReads[0]!.Resource)).toMatch(/^\{"Ref":"MerchantPassword[^"]*"\}$/);

    t.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() }),
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  }, 120_000);
});
