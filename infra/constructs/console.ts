/**
 * The console on AWS (docs/console.md): its Cognito user pool (one per stage, TOTP MFA required, no self sign-up),
 * and one CloudFront distribution serving the built pages from a private S3 bucket at /console/ and passing
 * /console/api/* to the console's HTTP API, so pages and API share one origin (SameSite=Strict cookies, connect-src 'self').
 */
import { Duration, Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { CONSOLE_PAGE_HEADERS } from '../../shared/entry/routes/console.js';
import type { StageSettings } from '../stages.js';
import { ConsolePages } from './console-pages.js';

export interface ConsoleProps {
  settings: StageSettings;
  /** The console's HTTP API URL (https://<id>.execute-api.<region>.amazonaws.com). */
  apiUrl: string;
  /** The stage's web ACL (infra/constructs/edge-web-acl.ts, or `-c webAclArn=`). */
  webAclArn: string;
  /** `-c domainName=…`: the console's own host name and its certificate (us-east-1, CloudFront's). */
  domain?: { name: string; certificate: acm.ICertificate };
}

export class Console extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly distribution: cloudfront.Distribution;
  /** https://<distribution>/console/ */
  readonly url: string;
  /** What CloudFront sends the console API in X-Console-Origin-Verify (a dynamic reference to a generated secret). */
  readonly originVerify: string;
  /** CONSOLE_IDLE_MINUTES: `-c consoleIdleMinutes=N` (1–15), 15 by default. */
  readonly idleMinutes: number;

  constructor(scope: Construct, id: string, props: ConsoleProps) {
    super(scope, id);
    const { settings } = props;
    this.idleMinutes = consoleIdleMinutes(this);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `${settings.stage}-console`,
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      // Cognito's MFA setting is per pool: required for everyone, so operators cannot go without (stricter than asked).
      mfa: cognito.Mfa.REQUIRED,
      mfaSecondFactor: { otp: true, sms: false },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      userInvitation: {
        emailSubject: 'Your payment console account',
        emailBody:
          'You are invited to the payment console. User name: {username}, one-time password: {####}. Sign in and choose a new password.',
      },
      removalPolicy: settings.removalPolicy,
    });
    this.client = this.userPool.addClient('ConsoleClient', {
      // Only the console API signs in (server side); the browser never talks to Cognito.
      authFlows: { adminUserPassword: true },
      generateSecret: false,
      preventUserExistenceErrors: true,
    });

    const bucket = new s3.Bucket(this, 'Pages', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Only rebuildable pages: nothing to keep, but CloudFormation cannot delete a bucket with objects in it.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const apiDomain = Fn.select(2, Fn.split('/', props.apiUrl));
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'PageHeaders', {
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONSOLE_PAGE_HEADERS['content-security-policy']!, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });
    // The app routes in the URL fragment: /console and /console/ are its one page.
    const index = new cloudfront.Function(this, 'IndexRewrite', {
      code: cloudfront.FunctionCode.fromInline(
        "function handler(event) { var r = event.request; if (r.uri === '/console' || r.uri === '/console/') r.uri = '/console/index.html'; return r; }",
      ),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    // Only the stage's CloudFront knows this value: with it, the console API trusts CloudFront-Viewer-Address for the
    // audit log's address (a direct call to API Gateway could name any address). CloudFormation resolves it at deploy.
    const verify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: `${settings.stage} console: CloudFront's X-Console-Origin-Verify value`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.originVerify = verify.secretValue.unsafeUnwrap();
    // What the console API reads, and CloudFront's viewer address (not in the AllViewer policies): the Host stays the API's.
    const apiRequests = new cloudfront.OriginRequestPolicy(this, 'ApiRequests', {
      comment: `${settings.stage} console API: its headers, cookies and queries, and the viewer's address`,
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(
        'content-type',
        'origin',
        'user-agent',
        'x-csrf-token',
        'CloudFront-Viewer-Address',
      ),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
    });
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${settings.stage} console`,
      webAclId: props.webAclArn,
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      ...(props.domain ? { domainNames: [props.domain.name], certificate: props.domain.certificate } : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: index, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/console/api/*': {
          origin: new origins.HttpOrigin(apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { 'x-console-origin-verify': this.originVerify },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: apiRequests,
        },
      },
    });
    this.url = `https://${props.domain?.name ?? this.distribution.distributionDomainName}/console/`;

    // The deploy uploads the built pages itself (console-pages.ts); the stack's ConsoleUrl output names the address.
    new ConsolePages(this, 'PagesDeployment', { bucket, distribution: this.distribution });

    for (const ack of [
      {
        id: 'AwsSolutions-COG3',
        reason: 'Cognito threat protection needs the Plus feature plan; the console is for a handful of staff with TOTP MFA required.',
      },
      {
        id: 'AwsSolutions-S1',
        reason: 'The bucket holds only the built static pages; CloudFront is the only reader (origin access control).',
      },
      { id: 'AwsSolutions-CFR1', reason: 'Merchants work from anywhere; sign-in is what protects the console.' },
      { id: 'AwsSolutions-CFR3', reason: 'The console API has its own API Gateway access logs; page loads are not worth logging.' },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'The default CloudFront certificate allows TLSv1 to viewers; a custom domain with TLSv1.2_2021 is set by the deployer.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'The Plus feature plan (threat protection) is a cost decision left to the deployer; TOTP MFA is required.',
      },
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'The origin-verify value only marks requests that came through CloudFront (for the audit address); rotating it would need a rotation function and a distribution update.',
      },
    ]) {
      Validations.of(this).acknowledge(ack);
    }
  }
}

/** `-c consoleIdleMinutes=N`: minutes a console session may sit unused (PCI DSS 8.2.8 allows at most 15). */
function consoleIdleMinutes(scope: Construct): number {
  const value: unknown = scope.node.tryGetContext('consoleIdleMinutes');
  if (value === undefined || value === '') return 15;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 15)
    throw new Error(`-c consoleIdleMinutes must be a whole number from 1 to 15, not "${String(value)}"`);
  return minutes;
}
