/**
 * In front of the API (docs/security.md): the synthesized prod stage serves the API and the console through
 * CloudFront distributions that carry one web ACL (the managed rule groups and a rate rule per client address),
 * created in us-east-1 when the stage is elsewhere, or the operator's own with `-c webAclArn`. The API's
 * distribution passes every request through uncached, and its functions take requests only from it.
 * Built from fixture handlers.
 */
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp, type BuildOptions } from '../../infra/app.js';
import { COUNTED_COMMON_RULES, DEFAULT_RATE_LIMIT } from '../../infra/constructs/edge-web-acl.js';
import type { RouteDefinition } from '../../shared/entry/routes/types.js';

const handler = 'test/infra/fixtures/handler';
const routes: RouteDefinition[] = [
  { id: 'S2sCardPost', method: 'POST', path: '/post', handler, grants: ['table:read'] },
  { id: 'ConsoleMe', method: 'GET', path: '/console/api/me', handler, grants: [] },
];
const OWN_ACL = 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/operators-acl/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d';
// CloudFront's managed policies (their IDs are AWS's, fixed).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const build = (extra: Partial<BuildOptions> = {}) =>
  buildPaymentsApp({
    stage: 'prod',
    account: '111111111111',
    region: 'eu-west-1',
    routes,
    consumers: [],
    scheduled: [],
    opsEvents: [],
    streams: [],
    ...extra,
  });

const prod = build();
const template = Template.fromStack(prod.stack);
const distributions = () =>
  Object.values(template.findResources('AWS::CloudFront::Distribution')).map((d) => d.Properties.DistributionConfig);
const apiDistribution = (t: Template) => {
  const id = prod.stack.getLogicalId(prod.stack.apiEdge.distribution.node.defaultChild as CfnElement);
  return t.findResources('AWS::CloudFront::Distribution')[id]!.Properties.DistributionConfig;
};

describe('the web ACL of a stage outside us-east-1', () => {
  const acl = Template.fromStack(prod.edgeAcl!);

  it('lives in a stack of its own in us-east-1, with CLOUDFRONT scope', () => {
    expect(prod.edgeAcl!.region).toBe('us-east-1');
    expect(prod.edgeAcl!.stackName).toBe('prod-edge-acl');
    acl.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(prod.stack.dependencies).toContain(prod.edgeAcl);
  });

  it('blocks a client address past its rate and runs the three managed rule groups', () => {
    const rules = Object.values(acl.findResources('AWS::WAFv2::WebACL'))[0]!.Properties.Rules as Array<Record<string, any>>;
    expect(rules[0]).toMatchObject({
      Name: 'RateLimitPerIp',
      Action: { Block: {} },
      Statement: { RateBasedStatement: { Limit: DEFAULT_RATE_LIMIT, AggregateKeyType: 'IP' } },
    });
    const groups = rules.filter((r) => r.Statement.ManagedRuleGroupStatement).map((r) => r.Statement.ManagedRuleGroupStatement);
    expect(groups.map((g) => `${g.VendorName}/${g.Name}`)).toEqual([
      'AWS/AWSManagedRulesAmazonIpReputationList',
      'AWS/AWSManagedRulesKnownBadInputsRuleSet',
      'AWS/AWSManagedRulesCommonRuleSet',
    ]);
    for (const r of rules.slice(1)) expect(r.OverrideAction).toEqual({ None: {} });
    // The common rules that would block the protocol's own traffic only count.
    const common = groups.find((g) => g.Name === 'AWSManagedRulesCommonRuleSet');
    expect(common.RuleActionOverrides).toEqual(Object.keys(COUNTED_COMMON_RULES).map((Name) => ({ Name, ActionToUse: { Count: {} } })));
    expect(Object.keys(COUNTED_COMMON_RULES)).toContain('SizeRestrictions_BODY');
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
  });

  it('is on both distributions, the API’s and the console’s, read across regions', () => {
    const all = distributions();
    expect(all).toHaveLength(2);
    for (const d of all) expect(JSON.stringify(d.WebACLId)).toMatch(/ExportsReader/);
  });

  it('takes -c wafRateLimit', () => {
    const { edgeAcl } = build({ wafRateLimit: 2000 });
    Template.fromStack(edgeAcl!).hasResourceProperties('AWS::WAFv2::WebACL', {
      Rules: Match.arrayWith([
        Match.objectLike({ Name: 'RateLimitPerIp', Statement: { RateBasedStatement: Match.objectLike({ Limit: 2000 }) } }),
      ]),
    });
    expect(() => build({ wafRateLimit: 5 })).toThrow(/wafRateLimit/);
  });

  it('passes cdk-nag AwsSolutions checks in both stacks', () => {
    for (const stack of [prod.stack, prod.edgeAcl!]) {
      const report = new AwsSolutionsChecks().validateScope(stack);
      expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
    }
  });
});

describe('the API behind CloudFront', () => {
  it('passes every method, header but Host, query and body through, caching nothing, over HTTPS only', () => {
    const behavior = apiDistribution(template).DefaultCacheBehavior;
    expect(behavior).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST,
      ViewerProtocolPolicy: 'https-only',
    });
    expect(behavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    const fn = Object.values(template.findResources('AWS::CloudFront::Function')).find((f) =>
      String(f.Properties.FunctionCode).includes('event.viewer.ip'),
    );
    expect(fn?.Properties.FunctionCode).toContain("r.headers['x-platform-viewer-ip'] = { value: event.viewer.ip }");
  });

  it('reaches the HTTP API with the origin-verify value that the public functions alone expect', () => {
    const origin = apiDistribution(template).Origins[0];
    expect(JSON.stringify(origin.DomainName)).toMatch(/HttpApi.*ApiEndpoint/);
    expect(origin.OriginCustomHeaders).toEqual([expect.objectContaining({ HeaderName: 'x-platform-origin-verify' })]);
    const verify = JSON.stringify(origin.OriginCustomHeaders[0].HeaderValue);
    expect(verify).toMatch(/resolve:secretsmanager/);
    const env = (id: string) => {
      const fn = prod.stack.functions.find((f) => f.node.id === id)!;
      const cfn = Template.fromStack(Stack.of(fn)).findResources('AWS::Lambda::Function')[
        Stack.of(fn).getLogicalId(fn.function.node.defaultChild as CfnElement)
      ]!;
      return cfn.Properties.Environment.Variables;
    };
    expect(JSON.stringify(env('S2sCardPost').EDGE_ORIGIN_VERIFY)).toBe(verify);
    expect(env('S2sCardPost').EDGE_DIRECT_CALLS).toBeUndefined();
    expect(env('ConsoleMe').EDGE_ORIGIN_VERIFY).toBeUndefined();
  });

  it('lets API Gateway’s own address answer only with -c directApi=allow', () => {
    const { stack } = build({ directApiCalls: true });
    const fn = stack.functions.find((f) => f.node.id === 'S2sCardPost')!;
    const cfn =
      Template.fromStack(stack).findResources('AWS::Lambda::Function')[stack.getLogicalId(fn.function.node.defaultChild as CfnElement)]!;
    expect(cfn.Properties.Environment.Variables.EDGE_DIRECT_CALLS).toBe('allow');
  });

  it('is the stage’s public address: ApiUrl and every function’s PUBLIC_BASE_URL', () => {
    const distributionId = prod.stack.getLogicalId(prod.stack.apiEdge.distribution.node.defaultChild as CfnElement);
    const url = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] };
    expect(template.toJSON().Outputs.ApiUrl.Value).toEqual(url);
    template.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ PUBLIC_BASE_URL: url }) } });
  });

  it('keeps the per-route throttling of the HTTP API behind it', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      RouteSettings: { 'POST /post': { ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 } },
    });
  });
});

describe('-c webAclArn', () => {
  it('puts the operator’s web ACL on both distributions and creates none', () => {
    const own = build({ webAclArn: OWN_ACL });
    expect(own.edgeAcl).toBeUndefined();
    const t = Template.fromStack(own.stack);
    t.resourceCountIs('AWS::WAFv2::WebACL', 0);
    const all = Object.values(t.findResources('AWS::CloudFront::Distribution')).map((d) => d.Properties.DistributionConfig);
    expect(all.map((d) => d.WebACLId)).toEqual([OWN_ACL, OWN_ACL]);
  });

  it('refuses what is not a CloudFront-scope web ACL', () => {
    expect(() => build({ webAclArn: 'arn:aws:wafv2:eu-west-1:111111111111:regional/webacl/x/0a1b' })).toThrow(
      /-c webAclArn must be a CloudFront-scope/,
    );
  });
});

describe('a stage in us-east-1', () => {
  it('keeps its web ACL in its own stack', () => {
    const east = build({ region: 'us-east-1' });
    expect(east.edgeAcl).toBeUndefined();
    const t = Template.fromStack(east.stack);
    t.resourceCountIs('AWS::WAFv2::WebACL', 1);
    const aclId = east.stack.getLogicalId(east.stack.webAcl!.webAcl);
    for (const d of Object.values(t.findResources('AWS::CloudFront::Distribution')))
      expect(d.Properties.DistributionConfig.WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });
});
