/**
 * Node's built-in modules as CommonJS, for the shims Lambda bundles take in place of a few `node:` imports
 * (LAMBDA_BUNDLING's aliases). An ESM import of a built-in builds a facade that reads every export of the module,
 * which runs the lazy getters of the ones nobody uses, at every cold start: `node:http` loads undici (~18 ms on
 * Node 22), `node:net` BlockList and SocketAddress, `node:timers` timers/promises. `require` reads only what is used.
 * Built-ins whose facade measured within the noise (process, fs, os, path, stream, crypto: ~1 ms in all for a
 * function's bundle) keep their plain import. The banner's createRequire comes from `module`, which every bundle
 * has loaded already.
 */
import { createRequire } from 'node:module';

export const requireBuiltin = createRequire(import.meta.url);
