/** Lambda bundles' `node:https` (node-builtins.ts says why): the SDK's HTTP handler and the platform use the client only. */
import type * as Https from 'node:https';
import { requireBuiltin } from './node-builtins.js';

const https = requireBuiltin('node:https') as typeof Https;
export default https;
export const { Agent, request } = https;
