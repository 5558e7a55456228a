/** Builds the CDK app for one stage; bin/app.ts and the infra tests share it, cdk-nag included. */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { MerchantBackendStack } from './stacks/merchant-backend-stack.js';
import { PaymentsStack, type PaymentsStackProps } from './stacks/payments-stack.js';
import { EdgeAclStack } from './stacks/edge-acl-stack.js';
import { stageSettings, type StageOptions, type WalletTrust } from './stages.js';
import type { TableCapacity } from './table-capacity.js';
import type { PaymentItemForm } from '../shared/lib/config.js';

export interface BuildOptions extends Omit<PaymentsStackProps, 'settings' | 'env' | 'webAclArn' | 'wafRateLimit'>, StageOptions {
  stage: string;
  walletTrust?: WalletTrust;
  /** `-c tableCapacity=…` (table-capacity.ts); the stage's own setting (on-demand) otherwise. */
  tableCapacity?: TableCapacity;
  /** `-c paymentItemForm=full`: payment items as code before d46709d reads them (shared/lib/config.ts PAYMENT_ITEM_FORM). */
  paymentItemForm?: PaymentItemForm;
  account: string;
  region: string;
  app?: App;
  /** `-c webAclArn=`: the operator's own web ACL (CLOUDFRONT scope) instead of the stage's. */
  webAclArn?: string;
  /** `-c wafRateLimit=N`: requests per client address per 5 minutes in the stage's web ACL. */
  wafRateLimit?: number;
  /** `-c merchantBackend=true`: the mobile SDK's reference merchant backend in a stack of its own. */
  merchantBackend?: { merchantKey: string; allowedReturnUrls?: string };
}

export function buildPaymentsApp(options: BuildOptions): {
  app: App;
  stack: PaymentsStack;
  edgeAcl?: EdgeAclStack;
  merchantBackend?: MerchantBackendStack;
} {
  const {
    stage,
    account,
    region,
    app = new App(),
    walletTrust,
    tableCapacity,
    paymentItemForm,
    merchantBackend: backend,
    kind,
    logRetentionDays,
    reservedConcurrency,
    concurrencyQuota,
    platformLogs,
    apiThrottle,
    routeThrottles,
    webAclArn,
    wafRateLimit,
    ...tables
  } = options;
  // Refuses a stage without a kind, an unknown kind, a retention CloudWatch does not have (stages.ts).
  const base = stageSettings(stage, {
    kind,
    logRetentionDays,
    reservedConcurrency,
    concurrencyQuota,
    platformLogs,
    apiThrottle,
    routeThrottles,
  });
  const runtime = { ...base.runtime, ...(walletTrust ? { walletTrust } : {}), ...(paymentItemForm ? { paymentItemForm } : {}) };
  const settings = { ...base, ...(tableCapacity ? { tableCapacity } : {}), runtime };
  if (webAclArn !== undefined) checkWebAclArn(webAclArn);
  // CloudFront takes web ACLs of us-east-1 only: a stage elsewhere keeps its ACL in a stack there, read through CDK's
  // cross-region references (infra/stacks/edge-acl-stack.ts). The operator's own ACL needs neither.
  const edgeAcl =
    webAclArn === undefined && region !== 'us-east-1'
      ? new EdgeAclStack(app, `EdgeAcl-${stage}`, {
          stage,
          rateLimit: wafRateLimit,
          stackName: `${stage}-edge-acl`,
          description: `Web ACL of the payment API and console (${stage})`,
          env: { account, region: 'us-east-1' },
          tags: { project: 'open-payments-platform', stage, 'stage-kind': base.kind },
        })
      : undefined;
  const stack = new PaymentsStack(app, `Payments-${stage}`, {
    ...tables,
    settings,
    webAclArn: webAclArn ?? edgeAcl?.acl.webAcl.attrArn,
    wafRateLimit,
    crossRegionReferences: edgeAcl !== undefined,
    stackName: `${stage}-payments`,
    description: `Payment platform (${stage}, ${base.kind})`,
    // Explicit env: TableV2 with a customer-managed key needs a concrete region; synth needs no credentials.
    env: { account, region },
    tags: { project: 'open-payments-platform', stage, 'stage-kind': base.kind },
  });
  const merchantBackend = backend
    ? new MerchantBackendStack(app, `MerchantBackend-${stage}`, {
        settings,
        platformUrl: stack.apiEdge.url,
        merchantKey: backend.merchantKey,
        allowedReturnUrls: backend.allowedReturnUrls,
        stackName: `${stage}-merchant-backend`,
        description: `Mobile SDK reference merchant backend (${stage})`,
        env: { account, region },
        tags: { project: 'open-payments-platform', stage },
      })
    : undefined;
  // cdk-nag v3 is a policy-validation plugin: findings fail `cdk synth` unless acknowledged with a reason.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, edgeAcl, merchantBackend };
}

/** A WAFv2 web ACL of CloudFront scope (arn:aws:wafv2:us-east-1:ACCOUNT:global/webacl/NAME/ID). */
function checkWebAclArn(arn: string): void {
  if (!/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[\w-]+$/.test(arn)) {
    throw new Error(
      `-c webAclArn must be a CloudFront-scope WAFv2 web ACL (arn:aws:wafv2:us-east-1:ACCOUNT:global/webacl/NAME/ID), not "${arn}"`,
    );
  }
}
