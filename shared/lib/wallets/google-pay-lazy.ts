/**
 * Google Pay's verification and decryption (google-pay.ts with its JSON and EC helpers, 6.6 KiB bundled) loads when the first
 * Google Pay token arrives, as Apple Pay's does (apple-pay-lazy.ts): most payments carry no token, and the three
 * functions that take them carry the rest of the request within the bundle budget (docs/performance.md "Bundles").
 */
import { lazyLoader, type LazyModule } from './lazy-module.js';

/** google-pay.ts, bundled on its own as google-pay.mjs beside the function's bundle. */
export const GOOGLE_PAY_MODULE: LazyModule = { source: 'shared/lib/wallets/google-pay.ts', file: 'google-pay.mjs' };

export const googlePay = lazyLoader<typeof import('./google-pay.js')>(GOOGLE_PAY_MODULE, './google-pay.ts', import.meta.url);
