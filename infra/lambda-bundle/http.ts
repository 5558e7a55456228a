/**
 * Lambda bundles' `node:http` (node-builtins.ts says why). Its ESM facade reads node's lazy getters for the fetch and
 * WebSocket classes, which load undici: ~20 ms on Node 22 at the cold start of a function that imports node:http
 * (the callback consumer's POST), against ~0.4 ms through require. The platform and the SDK use the client only.
 */
import type * as Http from 'node:http';
import { requireBuiltin } from './node-builtins.js';

const http = requireBuiltin('node:http') as typeof Http;
export default http;
export const { Agent, request } = http;
