/** Lambda bundles' `node:console` (node-builtins.ts says why): Powertools' logger takes the Console class from it. */
import type * as NodeConsole from 'node:console';
import { requireBuiltin } from './node-builtins.js';

export const { Console } = requireBuiltin('node:console') as typeof NodeConsole;
