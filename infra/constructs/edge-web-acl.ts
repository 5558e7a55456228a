/**
 * The web ACL in front of the public API and the console (docs/security.md "In front of the API"): a rate limit per
 * client address, then AWS's managed rule groups for addresses with a bad reputation, known bad inputs and the
 * common rule set. Scope CLOUDFRONT: it must be created in us-east-1 (infra/stacks/edge-acl-stack.ts when the
 * stage's region is another one), or brought by the operator (`-c webAclArn=`).
 */
import { CfnOutput } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** Requests one client address may send in 5 minutes before it is blocked (until its rate falls again). */
export const DEFAULT_RATE_LIMIT = 10_000;

/**
 * Rules of the common rule set that would block the protocol's own traffic: counted (visible in the ACL's metrics
 * and sampled requests), not blocked.
 */
export const COUNTED_COMMON_RULES: Readonly<Record<string, string>> = {
  // Protocol bodies are larger than 8 KB when a merchant sends custom data, a payee, recurring or 3DS fields; the
  // platform caps bodies itself at 64 KB (413, docs/limits.md).
  SizeRestrictions_BODY: 'form posts of the protocol exceed 8 KB',
  // Return addresses carry the acquirer's results in the query (Adyen's redirectResult runs past 2 KB).
  SizeRestrictions_QUERYSTRING: 'acquirer return addresses carry long results in the query',
  // Merchant backends post from HTTP libraries that send no User-Agent (PHP's curl by default).
  NoUserAgent_HEADER: 'merchant backends often send no User-Agent',
  // term_url_3ds, notification_url, return and cancel URLs are fields of the protocol; a merchant's may name its
  // host by IP address. The platform vets every URL it calls itself (docs/security.md).
  GenericRFI_BODY: 'URL fields of the protocol may name an IP address',
  GenericRFI_QUERYARGUMENTS: 'URL fields of the protocol may name an IP address',
};

export interface EdgeWebAclProps {
  /** Prefix of the ACL's and its metrics' names. */
  stage: string;
  /** `-c wafRateLimit=N`: requests per client address per 5 minutes. */
  rateLimit?: number;
}

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

function managed(name: string, priority: number, counted: Readonly<Record<string, string>> = {}): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    // The group's own actions (block), except the rules the protocol needs counted.
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(Object.keys(counted).length
          ? { ruleActionOverrides: Object.keys(counted).map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
          : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

export class EdgeWebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeWebAclProps) {
    super(scope, id);
    const limit = props.rateLimit ?? DEFAULT_RATE_LIMIT;
    if (!Number.isInteger(limit) || limit < 10 || limit > 2_000_000_000)
      throw new Error(`-c wafRateLimit must be a whole number from 10 (WAF's least) to 2000000000, not ${limit}`);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${props.stage}-edge`,
      description: `${props.stage}: payment API and console`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${props.stage}-edge`),
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          // CloudFront's viewer address: the client's own, whatever X-Forwarded-For says.
          statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          visibilityConfig: visibility('RateLimitPerIp'),
        },
        managed('AWSManagedRulesAmazonIpReputationList', 1),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 2),
        managed('AWSManagedRulesCommonRuleSet', 3, COUNTED_COMMON_RULES),
      ],
    });
    // A fixed id, whichever stack holds it (docs/deploy.md reads it by name).
    new CfnOutput(this, 'WebAclArn', {
      value: this.webAcl.attrArn,
      description: 'The web ACL of the API and console distributions',
    }).overrideLogicalId('WebAclArn');
  }
}
