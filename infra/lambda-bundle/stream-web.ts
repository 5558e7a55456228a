/**
 * Lambda bundles use this module in place of node:stream/web (LAMBDA_BUNDLING's alias). @middy/core imports
 * ReadableStream from it only to test, with instanceof, whether a streamed response's body is one; loading node's web
 * streams (and the worker messaging they bring) costs ~5 ms of every cold start. This stands in for it and loads them
 * only if that test ever runs: the global ReadableStream is node's lazy getter for the same class.
 */
export const ReadableStream = class {
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof globalThis.ReadableStream;
  }
};
