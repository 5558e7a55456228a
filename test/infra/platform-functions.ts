/**
 * The Lambda functions of a payments stack but CDK's own reader of cross-region references, which a stage outside
 * us-east-1 has for its web ACL's ARN (infra/stacks/edge-acl-stack.ts) and which carries none of the platform's
 * settings.
 */
import type { Template } from 'aws-cdk-lib/assertions';

export function platformFunctions(template: Template): Record<string, any> {
  return Object.fromEntries(
    Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => !id.startsWith('CustomCrossRegionExportReader')),
  );
}
