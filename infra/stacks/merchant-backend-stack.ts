/**
 * The mobile SDK's reference merchant backend (sdk/merchant-backend) as one Lambda behind its own HTTP API, in a
 * stack of its own: it is the merchant's code, not the platform's, so it shares no role, table or key with it.
 * Deployed with `cdk deploy -c merchantBackend=true -c merchantKey=<client key> -c appJwtIssuer=<issuer URL>
 * -c appJwtAudience=<app client id>`: every route sits behind a JWT authorizer for the merchant's own app users
 * (the backend signs nothing for anyone else), order owners live in a table of this stack, and the password goes
 * into the secret this stack creates (docs/mobile-sdk.md), never into the template or the function's environment.
 */
import path from 'node:path';
import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { REPO_ROOT } from '../constructs/platform-function.js';
import type { StageSettings } from '../stages.js';

export const MERCHANT_BACKEND_PATHS = [
  '/api/v1/session',
  '/api/v1/payment/status',
  '/api/v1/payment/refund',
  '/api/v1/payment/void',
] as const;

export interface MerchantBackendStackProps extends StackProps {
  settings: StageSettings;
  /** The platform's API URL (the payments stack's HttpApi). */
  platformUrl: string;
  merchantKey: string;
  /** Comma-separated prefixes (ALLOWED_RETURN_URLS); empty allows any http(s) return URL. */
  allowedReturnUrls?: string;
  /** The app users' identity provider (its JWT `iss`); else `-c appJwtIssuer`. Required. */
  appJwtIssuer?: string;
  /** The app's client id(s) (JWT `aud`), comma-separated; else `-c appJwtAudience`. Required. */
  appJwtAudience?: string;
}

/** The identity provider the JWT authorizer trusts, from props or `-c`; synth stops, naming both, without them. */
function appJwt(scope: Construct, props: MerchantBackendStackProps): { issuer: string; audience: string[] } {
  const read = (given: string | undefined, key: string) => {
    const value: unknown = given ?? scope.node.tryGetContext(key);
    return typeof value === 'string' ? value.trim() : '';
  };
  const issuer = read(props.appJwtIssuer, 'appJwtIssuer');
  const audience = read(props.appJwtAudience, 'appJwtAudience')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (!/^https:\/\/[^/]/.test(issuer) || !audience.length) {
    throw new Error(
      'The merchant backend signs payments only for your signed-in app users: deploy it with -c appJwtIssuer=<your identity provider, https://…> ' +
        '-c appJwtAudience=<your app client id> (both required; docs/mobile-sdk.md)',
    );
  }
  return { issuer, audience };
}

export class MerchantBackendStack extends Stack {
  readonly api: apigw.HttpApi;
  readonly passwordSecret: secretsmanager.Secret;
  readonly function: NodejsFunction;
  readonly orderOwners: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: MerchantBackendStackProps) {
    super(scope, id, props);
    const { settings } = props;
    const jwt = appJwt(this, props);

    this.passwordSecret = new secretsmanager.Secret(this, 'MerchantPassword', {
      description: `${settings.stage} merchant backend: the merchant's Checkout password (set it after the first deploy)`,
      removalPolicy: settings.removalPolicy,
    });
    Validations.of(this.passwordSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'The platform issues the merchant password; it is changed there and copied here, so Secrets Manager cannot rotate it.',
    });

    const logGroup = new logs.LogGroup(this, 'Logs', { retention: settings.logRetention, removalPolicy: settings.removalPolicy });
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${settings.stage} merchant backend`,
    });
    logGroup.grantWrite(role);
    this.passwordSecret.grantRead(role);

    // Which app user owns which order: status, refund and void are signed only for the owner.
    this.orderOwners = new dynamodb.TableV2(this, 'OrderOwners', {
      partitionKey: { name: 'order_number', type: dynamodb.AttributeType.STRING },
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: settings.removalPolicy,
    });
    this.orderOwners.grant(role, 'dynamodb:GetItem', 'dynamodb:PutItem');

    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, 'sdk/merchant-backend/src/lambda.ts'),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 256,
      // Longer than the backend's own 25 s wait for the platform, shorter than API Gateway's 30 s.
      timeout: Duration.seconds(28),
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      role,
      description: `${settings.stage} mobile SDK merchant backend`,
      environment: {
        PLATFORM_URL: props.platformUrl,
        MERCHANT_KEY: props.merchantKey,
        MERCHANT_PASSWORD_SECRET_ARN: this.passwordSecret.secretArn,
        ALLOWED_RETURN_URLS: props.allowedReturnUrls ?? '',
        ORDER_OWNERS_TABLE: this.orderOwners.tableName,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        // The SDK from source, as in the tests (tsconfig "paths"); the AWS SDK bundled at the locked version.
        tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
        externalModules: [],
      },
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions, so their resource is "*".',
    });
    Validations.of(this.function).acknowledge({ id: 'AwsSolutions-L1', reason: 'Pinned to nodejs22.x: the bundle targets node22.' });

    this.api = new apigw.HttpApi(this, 'HttpApi', { apiName: `${settings.stage}-merchant-backend`, createDefaultStage: false });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: settings.logRetention, removalPolicy: settings.removalPolicy });
    new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: settings.api.throttleRateLimit, burstLimit: settings.api.throttleBurstLimit },
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs) },
    });
    const integration = new HttpLambdaIntegration('BackendIntegration', this.function);
    // API Gateway checks the app user's JWT (signature against the issuer's JWKS, iss, aud, exp) before the
    // function runs; the function reads the verified `sub` and refuses a request without one.
    const authorizer = new HttpJwtAuthorizer('AppUsers', jwt.issuer, { jwtAudience: jwt.audience });
    for (const routePath of MERCHANT_BACKEND_PATHS) {
      this.api.addRoutes({ path: routePath, methods: [apigw.HttpMethod.POST], integration, authorizer });
    }
  }
}
