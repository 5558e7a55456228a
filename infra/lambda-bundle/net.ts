/** Lambda bundles' `node:net` (node-builtins.ts says why): the platform uses only its address checks. */
import type * as Net from 'node:net';
import { requireBuiltin } from './node-builtins.js';

const net = requireBuiltin('node:net') as typeof Net;
export const { isIP, isIPv4, isIPv6 } = net;
