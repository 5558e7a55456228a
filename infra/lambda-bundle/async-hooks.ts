/** Lambda bundles' `node:async_hooks` (node-builtins.ts says why): the platform and the SDK use only AsyncLocalStorage. */
import type * as AsyncHooks from 'node:async_hooks';
import { requireBuiltin } from './node-builtins.js';

export const { AsyncLocalStorage } = requireBuiltin('node:async_hooks') as typeof AsyncHooks;
