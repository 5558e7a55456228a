/** Node's http server around the backend: body size cap, CORS, and a log line per request without any body. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBackend, MAX_BODY_BYTES, type BackendHooks } from './backend.js';
import type { BackendConfig } from './config.js';
import { corsHeaders } from './cors.js';
import { failure } from './wire.js';

export interface RunningBackend {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Node's headers (lower-case names) with repeated ones joined, as the authenticator reads them. */
const headerValues = (headers: IncomingHttpHeaders): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));

export async function startBackendServer(
  config: BackendConfig,
  opts: BackendHooks & { host?: string; log?: boolean } = {},
): Promise<RunningBackend> {
  const host = opts.host ?? '127.0.0.1';
  const { host: _host, log = true, ...hooks } = opts;
  const handle = createBackend(config, hooks);
  const server = createServer(async (req, res) => {
    const started = Date.now();
    const cors = corsHeaders(req.headers.origin, config.corsOrigins);
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'OPTIONS') {
      res.writeHead(cors['access-control-allow-origin'] ? 204 : 403, cors).end();
      return;
    }
    if (req.method === 'GET' && path === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk as Buffer);
    }
    const answer = tooLarge
      ? failure(413, 'Request body too large.')
      : await handle({
          method: req.method ?? 'GET',
          path,
          headers: headerValues(req.headers),
          body: Buffer.concat(chunks).toString('utf8'),
        });
    res.writeHead(answer.status, { ...answer.headers, ...cors }).end(answer.body);
    if (log)
      console.log(JSON.stringify({ message: 'request', method: req.method, path, status: answer.status, latencyMs: Date.now() - started }));
  });
  await new Promise<void>((resolve) => server.listen(config.port, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () => new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
