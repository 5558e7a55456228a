/**
 * Bundle sizes are deterministic (same sources, same esbuild), so a budget is a test, not a timing: the functions
 * bundled as CDK bundles them stay under BUNDLE_BUDGET_KIB (the 400 KiB), and none carries what was taken out
 * of every bundle — classic zod (runtime code uses zod/mini: shared/zod-mini.ts), the X-Ray SDK
 * (shared/middleware/xray-segment.ts), the SDK's full credential chain (shared/adapters/lambda-credentials.ts), the
 * SDK parts LAMBDA_BUNDLING replaces (infra/lambda-bundle/: event streams, pure-JS checksums, mnemonist), Powertools
 * Metrics (shared/middleware/emf.ts), the SDK's Scheduler client (shared/adapters/scheduler-http.ts) or a page
 * dictionary (read at run time from files beside the bundle: page-text.ts). Functions that validate nothing but
 * their configuration carry no zod at all (shared/env-fields.ts). docs/performance.md "Bundles: what keeps them small".
 */
import { describe, expect, it } from 'vitest';
import { allHandlers, bundleHandler, inputsBy } from '../../bench/src/bundles.js';

const BUNDLE_BUDGET_KIB = 400;

/** The largest bundle of each kind: S2S routes, the Checkout page, a queue consumer, console routes. */
const HANDLERS = [
  'functions/s2s-card/post', 'functions/s2s-apm/post', 'functions/checkout/pay', 'functions/callbacks/deliver', 'functions/console/merchants',
  'functions/console/payment-action',
];

const REMOVED: Record<string, RegExp> = {
  'classic zod': /node_modules\/zod\/v4\/classic\//,
  'the X-Ray SDK': /node_modules\/aws-xray-sdk-core\//,
  'the SDK credential chain': /node_modules\/@aws-sdk\/(credential-provider-node|nested-clients)\//,
  'SDK event streams': /node_modules\/@smithy\/core\/dist-es\/submodules\/event-streams\//,
  'pure-JS checksums': /node_modules\/@smithy\/core\/dist-es\/submodules\/checksum\//,
  "endpoint discovery's mnemonist": /node_modules\/(mnemonist|obliterator)\//,
  'Powertools Metrics': /node_modules\/@aws-lambda-powertools\/metrics\//,
  'the SDK Scheduler client': /node_modules\/@aws-sdk\/client-scheduler\//,
  'the SDK KMS client (kms-http.ts)': /node_modules\/@aws-sdk\/client-kms\//,
};

/** What a function must not carry: SDK clients of ports it does not compose (shared/composition), zod where nothing but the config is read. */
const NOT_COMPOSED: Record<string, RegExp> = {
  'functions/s2s-card/post': /node_modules\/(@aws-sdk\/client-(sqs|cognito-identity-provider)|zod)\//,
  'functions/s2s-apm/post': /node_modules\/(@aws-sdk\/client-(sqs|cognito-identity-provider)|zod)\//,
  'functions/checkout/pay': /node_modules\/(@aws-sdk\/client-(sqs|cognito-identity-provider)|zod)\//,
  'functions/callbacks/deliver': /node_modules\/(@aws-sdk\/client-cognito-identity-provider|zod)\//,
  'functions/console/merchants': /node_modules\/@aws-sdk\/client-(sqs|cognito-identity-provider)\//,
  'functions/console/payment-action': /node_modules\/@aws-sdk\/client-(sqs|cognito-identity-provider)\//,
};

describe('bundle sizes', () => {
  it.each(allHandlers())('%s is within the budget', async (handler) => {
    expect((await bundleHandler(handler)).bytes / 1024).toBeLessThanOrEqual(BUNDLE_BUDGET_KIB);
  }, 60_000);

  it.each(HANDLERS)('%s stays within the budget and without the removed dependencies', async (handler) => {
    const { meta, bytes } = await bundleHandler(handler);
    expect(bytes / 1024).toBeLessThanOrEqual(BUNDLE_BUDGET_KIB);
    const inputs = Object.keys(Object.values(meta.outputs)[0]!.inputs);
    for (const [what, pattern] of Object.entries(REMOVED)) expect(inputs.filter((i) => pattern.test(i)), what).toEqual([]);
    const notComposed = NOT_COMPOSED[handler];
    if (notComposed) expect(inputs.filter((i) => notComposed.test(i)), 'SDK clients of ports it does not compose, zod').toEqual([]);
    // The page dictionaries are read at run time from files beside the bundle (page-text.ts): none is in the code.
    expect(inputsBy(meta, 'file').filter(([f]) => /\/page\/i18n\/.*\.json$/.test(f))).toEqual([]);
  }, 60_000);
});
