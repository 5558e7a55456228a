#!/usr/bin/env node
/**
 * cdk entry point: `cdk synth -c stage=prod [-c kind=live|sandbox] [-c account=... -c region=...]`. A stage other
 * than prod, staging, dev and local must name its kind (infra/stages.ts); cdk.json sets no kind on purpose, since
 * a default there would apply to every stage.
 */
import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { buildPaymentsApp } from '../app.js';
import type { WalletTrust } from '../stages.js';
import { parseTableCapacity } from '../table-capacity.js';
import { operatorOptions } from '../operator-context.js';
import { parseRouteThrottles, parseThrottle } from '../api-throttle.js';
import { PAYMENT_ITEM_FORMS, type PaymentItemForm } from '../../shared/lib/config.js';

const app = new App();
const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

// Wallet trust roots are public but long-lived configuration: kept in a JSON file the deployer names.
const walletTrustFile = context('walletTrustFile');
const walletTrust = walletTrustFile ? (JSON.parse(readFileSync(walletTrustFile, 'utf8')) as WalletTrust) : undefined;

// `-c merchantBackend=true -c merchantKey=<client key> [-c allowedReturnUrls=https://shop.example/app/]`
const merchantKey = context('merchantKey');
if (context('merchantBackend') === 'true' && !merchantKey)
  throw new Error('-c merchantBackend=true needs -c merchantKey=<the merchant client key>');
const merchantBackend =
  context('merchantBackend') === 'true' ? { merchantKey: merchantKey!, allowedReturnUrls: context('allowedReturnUrls') } : undefined;

// `-c tableCapacity=provisioned[:writes=MIN-MAX,…]` (infra/table-capacity.ts); on-demand otherwise.
const tableCapacityValue = context('tableCapacity');

// `-c paymentItemForm=full`: the first deploy of a stage upgraded from before the compact payment item
// (commit d46709d; docs/deploy-reference.md).
const paymentItemForm = context('paymentItemForm');
if (paymentItemForm !== undefined && !PAYMENT_ITEM_FORMS.includes(paymentItemForm as PaymentItemForm)) {
  throw new Error(`-c paymentItemForm must be one of ${PAYMENT_ITEM_FORMS.join(', ')}, not "${paymentItemForm}"`);
}

/** `-c name=N`: a whole number, or undefined when not given. */
const wholeNumber = (key: string): number | undefined => {
  const value = context(key);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`-c ${key} must be a whole number, not "${value}"`);
  return Number(value);
};

function directApi(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== 'allow') throw new Error(`-c directApi takes only "allow", not "${value}"`);
  return true;
}

buildPaymentsApp({
  app,
  paymentItemForm: paymentItemForm as PaymentItemForm | undefined,
  // `-c kind=live|sandbox`, `-c logRetentionDays=365`, `-c reservedConcurrency=10`, `-c concurrencyQuota=1000` (infra/stages.ts).
  kind: context('kind'),
  logRetentionDays: wholeNumber('logRetentionDays'),
  reservedConcurrency: wholeNumber('reservedConcurrency'),
  concurrencyQuota: wholeNumber('concurrencyQuota'),
  // `-c platformLogs=INFO|WARN`: Lambda's START/END/REPORT lines (infra/stages.ts; WARN on a live stage).
  platformLogs: context('platformLogs'),
  // `-c apiThrottle=RATE/BURST`, `-c routeThrottle="POST /post=2000/4000,…"` (infra/api-throttle.ts).
  apiThrottle: context('apiThrottle') === undefined ? undefined : parseThrottle(context('apiThrottle')!, 'apiThrottle'),
  routeThrottles: context('routeThrottle') === undefined ? undefined : parseRouteThrottles(context('routeThrottle')!),
  // `-c webAclArn=arn:aws:wafv2:us-east-1:…` (the operator's own web ACL), `-c wafRateLimit=N` (infra/constructs/edge-web-acl.ts).
  webAclArn: context('webAclArn'),
  wafRateLimit: wholeNumber('wafRateLimit'),
  // `-c directApi=allow`: API Gateway's address keeps answering while merchants move to ApiUrl (docs/deploy.md).
  directApiCalls: directApi(context('directApi')),
  walletTrust,
  tableCapacity: tableCapacityValue ? parseTableCapacity(tableCapacityValue) : undefined,
  merchantBackend,
  // `-c alarmEmail=ops@example.com[,…]`, `-c domainName=… -c certificateArn=…` (infra/operator-context.ts).
  ...operatorOptions(context),
  stage: context('stage') ?? 'dev',
  account: context('account') ?? process.env.CDK_DEFAULT_ACCOUNT ?? '000000000000',
  region: context('region') ?? process.env.CDK_DEFAULT_REGION ?? 'eu-west-1',
});
