/**
 * The public API's entry: a CloudFront distribution in front of the HTTP API, carrying the stage's web ACL (an HTTP
 * API cannot carry one itself; docs/security.md "In front of the API"). It passes requests through unchanged and
 * caches nothing: every method, the body, every query string, cookie and header but Host (API Gateway routes by its
 * own host name). The handlers learn two things from it (shared/entry/http/edge-origin.ts):
 *   x-platform-origin-verify  a generated secret only this distribution sends: without it a request came straight to
 *                         API Gateway, past the web ACL, and is refused
 *   x-platform-viewer-ip      the client's address as CloudFront saw it (set by a viewer-request function, overwriting
 *                         whatever the client sent), which the handlers take as the request's source address
 */
import { Duration, Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { EDGE_ORIGIN_VERIFY_HEADER, EDGE_VIEWER_IP_HEADER } from '../../shared/entry/http/edge-origin.js';
import type { StageSettings } from '../stages.js';

export interface ApiEdgeProps {
  settings: StageSettings;
  /** The HTTP API's own URL (https://<id>.execute-api.<region>.amazonaws.com). */
  apiEndpoint: string;
  webAclArn: string;
  /** `-c domainName=…`: the API's host name and its certificate (us-east-1, CloudFront's). */
  domain?: { name: string; certificate: acm.ICertificate };
}

export class ApiEdge extends Construct {
  readonly distribution: cloudfront.Distribution;
  /** https://<distribution or custom domain>: PUBLIC_BASE_URL and the stack's ApiUrl. */
  readonly url: string;
  /** What the distribution sends in x-platform-origin-verify (a dynamic reference to a generated secret). */
  readonly originVerify: string;

  constructor(scope: Construct, id: string, props: ApiEdgeProps) {
    super(scope, id);
    const { settings } = props;
    const verify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: `${settings.stage} API: CloudFront's ${EDGE_ORIGIN_VERIFY_HEADER} value`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.originVerify = verify.secretValue.unsafeUnwrap();
    const viewerIp = new cloudfront.Function(this, 'ViewerIp', {
      comment: `${settings.stage} API: the viewer's address for the handlers`,
      code: cloudfront.FunctionCode.fromInline(
        `function handler(event) { var r = event.request; r.headers['${EDGE_VIEWER_IP_HEADER}'] = { value: event.viewer.ip }; return r; }`,
      ),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${settings.stage} payment API`,
      webAclId: props.webAclArn,
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(props.domain ? { domainNames: [props.domain.name], certificate: props.domain.certificate } : {}),
      defaultBehavior: {
        origin: new origins.HttpOrigin(Fn.select(2, Fn.split('/', props.apiEndpoint)), {
          protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
          customHeaders: { [EDGE_ORIGIN_VERIFY_HEADER]: this.originVerify },
          // API Gateway's own limit; the merchant callbacks long poll waits up to 28 s.
          readTimeout: Duration.seconds(30),
        }),
        // An API: a redirect would turn a POST into a GET and lose its body.
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        functionAssociations: [{ function: viewerIp, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
    });
    this.url = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;

    for (const ack of [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Merchants and payers are everywhere; the protocol (merchant key and hash) and the web ACL decide.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason: 'Every request is in the HTTP API access logs and the web ACL metrics; CloudFront access logs would repeat them.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'The default CloudFront certificate allows TLSv1 to viewers; a custom domain with TLSv1.2_2021 is set by the deployer.',
      },
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'The origin-verify value only marks requests that came through CloudFront; rotating it would need a rotation function and a distribution update.',
      },
    ]) {
      Validations.of(this).acknowledge(ack);
    }
  }
}
