/**
 * Apple Pay's verification (apple-pay.ts with pkcs7.ts, der.ts and asn1js, ~70 KiB) loads when the first Apple Pay
 * token arrives, not with the function: most payments carry none, and the three functions that verify them stay
 * within the bundle budget (docs/performance.md "Bundles"). CDK's NodejsFunction builds one file per function (no code
 * splitting), so a function whose route lists APPLE_PAY_MODULE in `lazyModules` gets apple-pay.ts bundled on its own
 * beside its bundle (infra/constructs/platform-function.ts); run from source (tests, the local platform) the import
 * is the module itself.
 */
import type { LazyModule } from './lazy-module.js';

/** apple-pay.ts, bundled on its own as apple-pay.mjs beside the function's bundle. */
export const APPLE_PAY_MODULE: LazyModule = { source: 'shared/lib/wallets/apple-pay.ts', file: 'apple-pay.mjs' };

type ApplePay = typeof import('./apple-pay.js');
let loading: Promise<ApplePay> | undefined;

export function applePay(): Promise<ApplePay> {
  // A computed specifier: esbuild leaves this import() to run time instead of inlining the module.
  const specifier = import.meta.url.endsWith('.ts') ? './apple-pay.js' : new URL(APPLE_PAY_MODULE.file, import.meta.url).href;
  return (loading ??= import(/* @vite-ignore */ specifier) as Promise<ApplePay>);
}
