/** The local gateway's routing and the API Gateway v2.0 event it builds. */
import { describe, expect, it } from 'vitest';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway, toEvent } from '../../../scripts/local/gateway.js';

describe('toEvent', () => {
  it('builds a payload-format 2.0 event with path parameters, query, cookies and a text body', async () => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const event = toEvent(req, Buffer.concat(chunks), 'POST /pay/{token}', { token: 'abc' });
        res.end(JSON.stringify(event));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const body = await new Promise<string>((resolve) => {
      const req = request(
        {
          port,
          method: 'POST',
          path: '/pay/abc?x=1&x=2&y=3',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'a=1; b=2' },
        },
        (res) => {
          let data = '';
          res.on('data', (d) => (data += d));
          res.on('end', () => resolve(data));
        },
      );
      req.end('action=SALE');
    });
    server.close();
    const event = JSON.parse(body);
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /pay/{token}',
      rawPath: '/pay/abc',
      rawQueryString: 'x=1&x=2&y=3',
      queryStringParameters: { x: '1,2', y: '3' },
      pathParameters: { token: 'abc' },
      cookies: ['a=1', 'b=2'],
      body: 'action=SALE',
      isBase64Encoded: false,
      requestContext: { http: { method: 'POST', path: '/pay/abc', sourceIp: '127.0.0.1' }, stage: '$default' },
    });
  });
});

describe('createGateway before the platform is ready', () => {
  it('answers every request 503 (health included) until it is ready, then routes', async () => {
    let ready = false;
    const server = createGateway(
      [{ id: 'Health', method: 'GET', path: '/health', handler: 'functions/platform/health', grants: [] }],
      () => ready,
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const early = await fetch(`${url}/health`);
      expect(early.status).toBe(503);
      expect(early.headers.get('retry-after')).toBe('1');
      expect(await early.json()).toEqual({ message: 'Service Unavailable' });
      expect((await fetch(`${url}/post`, { method: 'POST' })).status).toBe(503);
      ready = true;
      // Routed now: a path of no route gets API Gateway's 404.
      expect((await fetch(`${url}/nowhere`)).status).toBe(404);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
