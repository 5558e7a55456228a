/**
 * Bundle sizes are deterministic (same sources, same esbuild), so a budget is a test, not a timing: the functions
 * bundled as CDK bundles them (the SDK's own modules, no aliases) stay under BUNDLE_BUDGET_KIB, and none carries what
 * runtime code does without — classic zod (runtime code uses zod/mini: shared/lib/zod-mini.ts), the X-Ray SDK (traces are
 * Lambda's active tracing: docs/telemetry.md) or a page dictionary (read at run time from files beside the bundle:
 * page-text.ts). Functions that validate nothing but their configuration carry no zod at all (shared/lib/env-fields.ts).
 * The bench reports the same sizes beside the SDK-only baseline (bench/src/bundles.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { allHandlers, bundleHandlers, bundleLazyModules, inputsBy, lazyModulesOf, type Bundled } from '../../bench/src/bundles.js';
import { PAGE_TEXT_FILES } from '../../shared/pages/page-text.js';

/** The SDK alone (DynamoDB, lib-dynamodb, KMS, SQS) is ~393 KiB minified; the platform's own code and Powertools go on it. */
const BUNDLE_BUDGET_KIB = 640;

/** The largest bundle of each kind: S2S routes, the Checkout page, a queue consumer, console routes. */
const HANDLERS = [
  'functions/s2s-card/post',
  'functions/s2s-apm/post',
  'functions/checkout/pay',
  'functions/callbacks/deliver',
  'functions/console/merchants',
  'functions/console/payment-action',
];

const REMOVED: Record<string, RegExp> = {
  'classic zod': /node_modules\/zod\/v4\/classic\//,
  'the X-Ray SDK': /node_modules\/aws-xray-sdk-core\//,
};
/**
 * What a function must not carry: SDK clients of ports it does not compose (shared/entry/composition), zod where nothing
 * but the config is read, the modules it loads when first needed (lazyModules).
 */
const NOT_COMPOSED: Record<string, RegExp> = {
  // Each wallet's verification (Apple Pay's with its ASN.1 library) is in the module loaded on its first token
  // (wallets/wallet-modules.ts).
  'functions/s2s-card/post':
    /node_modules\/(@aws-sdk\/client-(sqs|cognito-identity-provider)|zod|asn1js)\/|wallets\/(apple|google)-pay\.ts$/,
  // The APM deadlines' Scheduler client is the table stream's (functions/streams/payment-changes.ts), not the request's.
  'functions/s2s-apm/post':
    /node_modules\/(@aws-sdk\/client-(sqs|cognito-identity-provider|scheduler)|zod|asn1js)\/|wallets\/(apple|google)-pay\.ts$/,
  'functions/checkout/pay': /node_modules\/(@aws-sdk\/client-(sqs|cognito-identity-provider|scheduler)|zod)\//,
  'functions/callbacks/deliver': /node_modules\/(@aws-sdk\/client-cognito-identity-provider|zod)\//,
  'functions/console/merchants': /node_modules\/@aws-sdk\/client-(sqs|cognito-identity-provider)\//,
  'functions/console/payment-action': /node_modules\/@aws-sdk\/client-(sqs|cognito-identity-provider)\//,
};

const LAZY_MODULES = [
  ...new Map(
    allHandlers()
      .flatMap(lazyModulesOf)
      .map((m) => [m.file, m]),
  ).values(),
];

// Every function and lazy module bundled once, in one esbuild run each (the same files as one run per function).
let bundles: Map<string, Bundled>;
let lazyBundles: Map<string, Bundled>;
beforeAll(async () => {
  [bundles, lazyBundles] = await Promise.all([bundleHandlers(allHandlers()), bundleLazyModules(LAZY_MODULES)]);
}, 300_000);

describe('bundle sizes', () => {
  it.each(allHandlers())('%s is within the budget', (handler) => {
    expect(bundles.get(handler)!.bytes / 1024).toBeLessThanOrEqual(BUNDLE_BUDGET_KIB);
  });

  it.each(LAZY_MODULES)('the module $file, bundled beside the functions that load it when first needed, is within the budget too', (m) => {
    expect(lazyBundles.get(m.file)!.bytes / 1024).toBeLessThanOrEqual(BUNDLE_BUDGET_KIB);
  });

  it.each(HANDLERS)('%s stays within the budget and without the removed dependencies', (handler) => {
    const { meta, bytes } = bundles.get(handler)!;
    expect(bytes / 1024).toBeLessThanOrEqual(BUNDLE_BUDGET_KIB);
    const inputs = Object.keys(Object.values(meta.outputs)[0]!.inputs);
    for (const [what, pattern] of Object.entries(REMOVED))
      expect(
        inputs.filter((i) => pattern.test(i)),
        what,
      ).toEqual([]);
    const notComposed = NOT_COMPOSED[handler];
    if (notComposed)
      expect(
        inputs.filter((i) => notComposed.test(i)),
        'SDK clients of ports it does not compose, zod, modules loaded when first needed',
      ).toEqual([]);
    // The page dictionaries are read at run time from files beside the bundle (page-text.ts): none is in the code.
    expect(inputsBy(meta, 'file').filter(([f]) => PAGE_TEXT_FILES.some((p) => f.endsWith(p)))).toEqual([]);
  });
});
