/**
 * Apple Pay's verification (apple-pay.ts with pkcs7.ts, der.ts and asn1js, ~70 KiB) loads when the first Apple Pay
 * token arrives, not with the function: most payments carry none, and the three functions that verify them stay
 * within the bundle budget (docs/performance.md "Bundles"). CDK's NodejsFunction builds one file per function (no code
 * splitting), so a function whose route lists APPLE_PAY_MODULE in `lazyModules` gets apple-pay.ts bundled on its own
 * beside its bundle (infra/constructs/platform-function.ts); run from source (tests, the local platform) the import
 * is the module itself.
 */
import { lazyLoader, type LazyModule } from './lazy-module.js';

/** apple-pay.ts, bundled on its own as apple-pay.mjs beside the function's bundle. */
export const APPLE_PAY_MODULE: LazyModule = { source: 'shared/lib/wallets/apple-pay.ts', file: 'apple-pay.mjs' };

export const applePay = lazyLoader<typeof import('./apple-pay.js')>(APPLE_PAY_MODULE, './apple-pay.ts', import.meta.url);
