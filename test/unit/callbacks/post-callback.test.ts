/**
 * postCallback's network guard against a real loopback listener: DNS answers are vetted (one private answer refuses
 * the URL), the POST goes to the vetted address whatever the name resolves to later (no DNS rebinding), redirects
 * are not followed, and one deadline covers the whole attempt.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postCallback } from '../../../shared/operations/callbacks/post-callback.js';
import type { Resolver } from '../../../shared/lib/net/public-url.js';

let server: Server;
let port: number;
let connections = 0;
const hits: Array<{ path: string; host: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push({ path: req.url ?? '', host: req.headers.host });
    req.resume();
    req.on('end', () => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/target` });
        res.end();
      } else if (req.url === '/stall') {
        res.writeHead(200);
        res.write('O'); // headers sent, body never finished
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('OK');
      }
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const base = { fields: { action: 'SALE', result: 'SUCCESS' }, eventId: 'e-1', secrets: ['cbs_test'], now: new Date(), timeoutMs: 2000 };
const LOCAL = { allowLoopback: true };
const STRICT = { allowLoopback: false };
const answers =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('postCallback network guard', () => {
  it('delivers to an allowed address', async () => {
    const res = await postCallback({ ...base, url: `http://127.0.0.1:${port}/ok`, addressPolicy: LOCAL });
    expect(res).toMatchObject({ delivered: true, httpStatus: 200 });
  });

  it('keeps the connection to a merchant for its next callbacks (one handshake, not one per callback)', async () => {
    await postCallback({ ...base, url: `http://127.0.0.1:${port}/ok`, addressPolicy: LOCAL });
    const before = connections;
    for (let i = 0; i < 3; i++)
      expect(await postCallback({ ...base, url: `http://127.0.0.1:${port}/ok`, addressPolicy: LOCAL })).toMatchObject({ delivered: true });
    expect(connections).toBe(before);
  });

  it('delivers after the merchant closed the kept connection', async () => {
    await postCallback({ ...base, url: `http://127.0.0.1:${port}/ok`, addressPolicy: LOCAL });
    // The server drops its idle connections without telling the client's pool first.
    server.closeIdleConnections();
    const res = await postCallback({ ...base, url: `http://127.0.0.1:${port}/ok`, addressPolicy: LOCAL });
    expect(res).toMatchObject({ delivered: true, httpStatus: 200 });
  });

  it('refuses a literal non-public address without connecting', async () => {
    const before = hits.length;
    const res = await postCallback({ ...base, url: `http://127.0.0.1:${port}/ok`, addressPolicy: STRICT });
    expect(res).toEqual({ delivered: false, latencyMs: expect.any(Number), timeout: false, error: 'refused: loopback address 127.0.0.1' });
    const meta = await postCallback({ ...base, url: 'http://169.254.169.254/latest/meta-data/', addressPolicy: LOCAL });
    expect(meta.error).toBe('refused: link-local address 169.254.169.254');
    expect(hits.length).toBe(before);
  });

  it('refuses a host name when any address it resolves to is not public', async () => {
    const one = await postCallback({ ...base, url: 'https://shop.example/cb', addressPolicy: STRICT, resolve: answers('10.0.0.7') });
    expect(one.error).toBe('refused: shop.example resolves to private address 10.0.0.7');
    const mixed = await postCallback({
      ...base,
      url: 'https://shop.example/cb',
      addressPolicy: STRICT,
      resolve: answers('93.184.216.34', 'fd00:ec2::254'),
    });
    expect(mixed).toMatchObject({
      delivered: false,
      timeout: false,
      error: expect.stringMatching(/^refused: shop\.example resolves to unique-local address/),
    });
    const mapped = await postCallback({
      ...base,
      url: 'https://shop.example/cb',
      addressPolicy: STRICT,
      resolve: answers('::ffff:169.254.169.254'),
    });
    expect(mapped.error).toBe('refused: shop.example resolves to link-local address 169.254.169.254');
  });

  it('connects to the vetted address, not to whatever the name resolves to next (no rebinding)', async () => {
    let calls = 0;
    // First answer vetted; a second lookup (if anyone made one) would point elsewhere.
    const rebinding: Resolver = async () => (calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }]);
    const res = await postCallback({ ...base, url: `http://rebind.test:${port}/ok`, addressPolicy: LOCAL, resolve: rebinding });
    expect(res).toMatchObject({ delivered: true, httpStatus: 200 });
    expect(calls).toBe(1);
    expect(hits.at(-1)).toEqual({ path: '/ok', host: `rebind.test:${port}` });
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const before = hits.length;
    const res = await postCallback({ ...base, url: `http://127.0.0.1:${port}/redirect`, addressPolicy: LOCAL });
    expect(res).toMatchObject({ delivered: false, httpStatus: 302, error: 'HTTP 302', timeout: false });
    expect(hits.slice(before).map((h) => h.path)).toEqual(['/redirect']);
  });

  it('times out a merchant that sends headers and then stalls', async () => {
    const res = await postCallback({ ...base, url: `http://127.0.0.1:${port}/stall`, addressPolicy: LOCAL, timeoutMs: 300 });
    expect(res).toMatchObject({ delivered: false, timeout: true, error: 'timeout' });
  });

  it('reports an unknown host and a closed port as network errors, not refusals', async () => {
    const missing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect((await postCallback({ ...base, url: 'https://nowhere.test/', addressPolicy: STRICT, resolve: missing })).error).toBe(
      'host not found',
    );
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect((await postCallback({ ...base, url: `http://127.0.0.1:${closedPort}/`, addressPolicy: LOCAL })).error).toBe(
      'connection refused',
    );
  });
});
