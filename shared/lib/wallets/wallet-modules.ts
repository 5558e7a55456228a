import { APPLE_PAY_MODULE } from './apple-pay-lazy.js';
import { GOOGLE_PAY_MODULE } from './google-pay-lazy.js';
import type { LazyModule } from './lazy-module.js';

/** What a route that takes wallet tokens lists in `lazyModules`: each wallet's verification, loaded on its first token. */
export const WALLET_MODULES: LazyModule[] = [APPLE_PAY_MODULE, GOOGLE_PAY_MODULE];
