/**
 * The console's built pages (console/, Vite) uploaded to its bucket under console/ by the deploy itself, and the
 * distribution's cached copies invalidated: no `aws s3 sync` after `cdk deploy` (docs/deploy.md).
 *
 * The pages are built when console/dist is missing or older than its sources, the same rule `npm start` and the test
 * run follow (scripts/local/console-build.ts): a deploy after a change to the console ships the change, and the infra
 * tests (whose global setup already built the pages) build nothing.
 */
import { execFileSync } from 'node:child_process';
import { type CfnElement, Names, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { CONSOLE_DIST, consoleBuildIsCurrent } from '../../scripts/local/console-build.js';
import { REPO_ROOT } from './platform-function.js';

export interface ConsolePagesProps {
  bucket: s3.IBucket;
  distribution: cloudfront.IDistribution;
}

/** Builds the console (synchronously: constructs are) unless console/dist is current. */
export function ensureConsolePages(): string {
  if (!consoleBuildIsCurrent())
    execFileSync('npm', ['run', '-s', 'build', '-w', 'console'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return CONSOLE_DIST;
}

export class ConsolePages extends Construct {
  readonly deployment: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: ConsolePagesProps) {
    super(scope, id);
    // A nested stack of its own: the upload's Lambda stays out of the main stack (500 resources, and its functions
    // are the platform's only).
    const nested = new NestedStack(this, 'Upload', { description: 'console pages upload' });
    this.deployment = new s3deploy.BucketDeployment(nested, 'Deployment', {
      sources: [s3deploy.Source.asset(ensureConsolePages())],
      destinationBucket: props.bucket,
      destinationKeyPrefix: 'console/',
      // Asset names are content-hashed: an open console tab still finds the chunks of the build it loaded.
      prune: false,
      // index.html names the current chunks: revalidated on every load, and the distribution's copies dropped.
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: ['/console/*'],
    });

    // The upload runs in CDK's singleton Lambda (one per stack, at the nested stack's root), only during deploys.
    const stack = Stack.of(this);
    // The bucket's ARN arrives in the nested stack as a parameter of the parent's.
    const bucketArn = `<referenceto${Names.uniqueId(props.bucket.node.defaultChild as CfnElement)}Arn>/*`;
    const assets = `arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${stack.account}-${stack.region}/*`;
    const copy = "BucketDeployment copies the asset's objects into the console bucket: object-level actions on those two buckets.";
    const acks = [
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's BucketDeployment Lambda logs through the basic execution role; it runs only during deploys.",
      },
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((a) => ({
        id: `AwsSolutions-IAM5[Action::${a}]`,
        reason: copy,
      })),
      { id: `AwsSolutions-IAM5[Resource::${assets}]`, reason: copy },
      { id: `AwsSolutions-IAM5[Resource::${bucketArn}]`, reason: copy },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'CloudFront CreateInvalidation / GetInvalidation have no resource-level permissions.',
      },
      { id: 'AwsSolutions-L1', reason: "CDK picks the BucketDeployment Lambda's runtime; it runs only during deploys." },
    ];
    for (const child of nested.node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) for (const ack of acks) Validations.of(child).acknowledge(ack);
    }
  }
}
