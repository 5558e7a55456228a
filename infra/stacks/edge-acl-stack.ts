/**
 * `<stage>-edge-acl`, in us-east-1: CloudFront takes only web ACLs of that region, so a stage deployed elsewhere
 * keeps its ACL here. The payments stack reads the ACL's ARN through CDK's cross-region references (an SSM
 * parameter in us-east-1 that a custom resource of the payments stack reads at deploy); `cdk deploy` deploys this
 * stack first, as the payments stack depends on it.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeWebAcl } from '../constructs/edge-web-acl.js';

export interface EdgeAclStackProps extends StackProps {
  stage: string;
  rateLimit?: number;
}

export class EdgeAclStack extends Stack {
  readonly acl: EdgeWebAcl;

  constructor(scope: Construct, id: string, props: EdgeAclStackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    this.acl = new EdgeWebAcl(this, 'Edge', { stage: props.stage, rateLimit: props.rateLimit });
  }
}
