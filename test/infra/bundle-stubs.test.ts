/**
 * The modules Lambda bundles take in place of SDK parts (lambdaAliases, infra/lambda-bundle/) behave as the parts
 * they replace: the same digests as @smithy/core's node hashes, and an LRU cache that endpoint-cache can rely on.
 */
import { Md5 as SdkMd5, Sha256 as SdkSha256 } from '@smithy/core/checksum';
import { describe, expect, it } from 'vitest';
import { Md5, Sha256 } from '../../infra/lambda-bundle/checksum.js';
import LRUCache from '../../infra/lambda-bundle/lru-cache.js';
import { EventStreamSerde, eventStreamSerdeProvider } from '../../infra/lambda-bundle/event-streams.js';
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import { lambdaAliases } from '../../infra/constructs/platform-function.js';
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

  it('each node: built-in shim hands out node’s own functions, classes and module object', async () => {
    const require = createRequire(import.meta.url);
    const shims = Object.entries(lambdaAliases('../..')).filter(([from]) => from.startsWith('node:') && from !== 'node:stream/web');
    expect(shims.map(([from]) => from).sort()).toEqual(
      ['node:async_hooks', 'node:console', 'node:http', 'node:https', 'node:net', 'node:timers'],
    );
    for (const [from, path] of shims) {
      const shim = (await import(path.replace(/\.ts$/, '.js'))) as Record<string, unknown>;
      const node = require(from) as Record<string, unknown>;
      const names = Object.keys(shim).filter((k) => k !== 'default');
      expect(names.length, from).toBeGreaterThan(0);
      for (const name of names) expect(shim[name], `${from} ${name}`).toBe(node[name]);
      if ('default' in shim) expect(shim.default, from).toBe(node);
    }
    expect((await import('../../infra/lambda-bundle/net.js')).isIP('10.0.0.1')).toBe(4);
  });

  it('the node:stream/web shim tells a web ReadableStream from anything else, as middy asks it', () => {
    expect(new ReadableStream() instanceof StreamWebShim).toBe(true);
    expect(Readable.from(['x']) instanceof StreamWebShim).toBe(false);
    expect(('body' as unknown) instanceof StreamWebShim).toBe(false);
    expect((undefined as unknown) instanceof StreamWebShim).toBe(false);
  });
});
