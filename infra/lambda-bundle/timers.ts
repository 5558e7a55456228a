/** Lambda bundles' `node:timers` (node-builtins.ts says why): @middy/core takes setTimeout from it. */
import type * as Timers from 'node:timers';
import { requireBuiltin } from './node-builtins.js';

export const { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate } = requireBuiltin('node:timers') as typeof Timers;
