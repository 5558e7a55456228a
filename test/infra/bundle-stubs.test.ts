/**
 * The modules Lambda bundles take in place of SDK parts (lambdaAliases, infra/lambda-bundle/) behave as the parts
 * they replace: the same digests as @smithy/core's node hashes, and an LRU cache that endpoint-cache can rely on.
 */
import { Md5 as SdkMd5, Sha256 as SdkSha256 } from '@smithy/core/checksum';
import { describe, expect, it } from 'vitest';
import { Md5, Sha256 } from '../../infra/lambda-bundle/checksum.js';
import LRUCache from '../../infra/lambda-bundle/lru-cache.js';
import { EventStreamSerde, eventStreamSerdeProvider } from '../../infra/lambda-bundle/event-streams.js';
import * as nodeNet from 'node:net';
import * as nodeTimers from 'node:timers';
import * as nodeConsole from 'node:console';
import * as nodeAsyncHooks from 'node:async_hooks';
import * as nodeHttp from 'node:http';
import * as nodeHttps from 'node:https';
import { Readable } from 'node:stream';
import * as net from '../../infra/lambda-bundle/net.js';
import * as timers from '../../infra/lambda-bundle/timers.js';
import * as consoleShim from '../../infra/lambda-bundle/console.js';
import * as asyncHooks from '../../infra/lambda-bundle/async-hooks.js';
import http, * as httpShim from '../../infra/lambda-bundle/http.js';
import https, * as httpsShim from '../../infra/lambda-bundle/https.js';
import { ReadableStream as StreamWebShim } from '../../infra/lambda-bundle/stream-web.js';

const inputs: (string | Uint8Array)[] = ['', 'payload', 'ünïcode ✓', new Uint8Array([0, 1, 2, 255]), new Uint8Array(Buffer.from('abcdef')).subarray(2, 5)];

async function digest(h: { update(d: string | Uint8Array): void; digest(): Promise<Uint8Array> }, parts: (string | Uint8Array)[]) {
  for (const p of parts) h.update(p);
  return Buffer.from(await h.digest()).toString('hex');
}

describe('bundle stubs', () => {
  it('Sha256 digests and HMACs as the SDK’s', async () => {
    for (const secret of [undefined, '', 'key', new Uint8Array([9, 8, 7])]) {
      expect(await digest(new Sha256(secret), inputs), String(secret)).toBe(await digest(new SdkSha256(secret), inputs));
    }
    // A plain hash may go on after a digest; an HMAC is final.
    const plain = new Sha256();
    plain.update('a');
    await plain.digest();
    plain.update('b');
    expect(Buffer.from(await plain.digest()).toString('hex')).toBe(await digest(new SdkSha256(), ['a', 'b']));
    const mac = new Sha256('k');
    await mac.digest();
    expect(() => mac.update('x')).toThrow(/finished/);
    mac.reset();
    expect(await digest(mac, ['x'])).toBe(await digest(new SdkSha256('k'), ['x']));
  });

  it('Md5 digests as the SDK’s', async () => {
    expect(await digest(new Md5(), inputs)).toBe(await digest(new SdkMd5(), inputs));
  });

  it('LRUCache keeps the most recently used entries within its capacity', () => {
    const c = new LRUCache<string, number>(2);
    c.set('a', 1).set('b', 2);
    expect(c.get('a')).toBe(1);
    c.set('c', 3);
    expect([c.has('a'), c.has('b'), c.has('c'), c.size]).toEqual([true, false, true, 2]);
    expect(c.peek('a')).toBe(1);
    c.set('d', 4);
    expect([c.has('a'), c.has('c'), c.has('d')]).toEqual([false, true, true]);
    c.clear();
    expect(c.size).toBe(0);
  });

  it('event streams say they are not bundled', () => {
    expect(() => new EventStreamSerde()).toThrow(/not in Lambda bundles/);
    expect(() => eventStreamSerdeProvider()).toThrow(/not in Lambda bundles/);
  });

  it('the node: built-in shims hand out node’s own functions and classes', () => {
    expect([net.isIP, net.isIPv4, net.isIPv6]).toEqual([nodeNet.isIP, nodeNet.isIPv4, nodeNet.isIPv6]);
    expect(net.isIP('10.0.0.1')).toBe(4);
    expect([timers.setTimeout, timers.clearTimeout, timers.setImmediate]).toEqual([nodeTimers.setTimeout, nodeTimers.clearTimeout, nodeTimers.setImmediate]);
    expect(consoleShim.Console).toBe(nodeConsole.Console);
    expect(asyncHooks.AsyncLocalStorage).toBe(nodeAsyncHooks.AsyncLocalStorage);
    expect([httpShim.Agent, httpShim.request, http.Agent, http.request]).toEqual([nodeHttp.Agent, nodeHttp.request, nodeHttp.Agent, nodeHttp.request]);
    expect([httpsShim.Agent, httpsShim.request, https.Agent, https.request]).toEqual([nodeHttps.Agent, nodeHttps.request, nodeHttps.Agent, nodeHttps.request]);
  });

  it('the node:stream/web shim tells a web ReadableStream from anything else, as middy asks it', () => {
    expect(new ReadableStream() instanceof StreamWebShim).toBe(true);
    expect(Readable.from(['x']) instanceof StreamWebShim).toBe(false);
    expect(('body' as unknown) instanceof StreamWebShim).toBe(false);
    expect((undefined as unknown) instanceof StreamWebShim).toBe(false);
  });
});
