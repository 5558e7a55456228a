/**
 * Bundle sizes are deterministic (same sources, same esbuild), so a budget is a test, not a timing: the functions
 * bundled as CDK bundles them stay under BUNDLE_BUDGET_KIB, and none carries what was taken out of every bundle —
 * classic zod (runtime code uses zod/mini: shared/zod-mini.ts), the X-Ray SDK (shared/middleware/xray-segment.ts), the
 * SDK's full credential chain (shared/adapters/lambda-credentials.ts) or a page dictionary (read at run time from
 * files beside the bundle: page-text.ts). The target is 400 KiB; the budget is where the largest bundle
 * (checkout/pay, 523 KiB) is now, so any growth is a decision (README "Performance"). 530 → 532: deriving payment ids
 * (the payment as its own idempotency claim, −8 write units per SALE) put checkout/pay at 530.5 KiB.
 */
import { describe, expect, it } from 'vitest';
import { bundleHandler, inputsBy } from '../../scripts/bench/bundles.js';

const BUNDLE_BUDGET_KIB = 532;

/** The largest bundle of each kind: an S2S route, a Checkout page, a queue consumer, a console route. */
const HANDLERS = ['functions/s2s-card/post', 'functions/checkout/pay', 'functions/callbacks/deliver', 'functions/console/merchants'];

const REMOVED: Record<string, RegExp> = {
  'classic zod': /node_modules\/zod\/v4\/classic\//,
  'the X-Ray SDK': /node_modules\/aws-xray-sdk-core\//,
  'the SDK credential chain': /node_modules\/@aws-sdk\/(credential-provider-node|nested-clients)\//,
};

/** SDK clients a function must not carry: it composes only the ports it uses (shared/composition). */
const NOT_COMPOSED: Record<string, RegExp> = {
  'functions/s2s-card/post': /node_modules\/@aws-sdk\/client-(sqs|scheduler|cognito-identity-provider)\//,
  'functions/callbacks/deliver': /node_modules\/@aws-sdk\/client-(scheduler|cognito-identity-provider)\//,
};

describe('bundle sizes', () => {
  it.each(HANDLERS)('%s stays within the budget and without the removed dependencies', async (handler) => {
    const { meta, bytes } = await bundleHandler(handler);
    expect(bytes / 1024).toBeLessThanOrEqual(BUNDLE_BUDGET_KIB);
    const inputs = Object.keys(Object.values(meta.outputs)[0]!.inputs);
    for (const [what, pattern] of Object.entries(REMOVED)) expect(inputs.filter((i) => pattern.test(i)), what).toEqual([]);
    const notComposed = NOT_COMPOSED[handler];
    if (notComposed) expect(inputs.filter((i) => notComposed.test(i)), 'SDK clients of ports it does not compose').toEqual([]);
    // The page dictionaries are read at run time from files beside the bundle (page-text.ts): none is in the code.
    expect(inputsBy(meta, 'file').filter(([f]) => /\/page\/i18n\/.*\.json$/.test(f))).toEqual([]);
  }, 60_000);
});

