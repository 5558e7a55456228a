/**
 * In-process stand-in for API Gateway (HTTP API, payload format 2.0): matches the shared route table, builds the
 * v2.0 event and invokes the very handler module the CDK stack deploys for that route.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDefinition } from '../../shared/entry/routes/index.js';
import { MAX_BODY_BYTES } from '../../shared/protocol/limits.js';
import { loadHandler } from './handlers.js';
import { runWithLocalGrants } from '../../shared/adapters/aws/local-key-grants.js';
import { isConsolePage, serveConsole } from './console-static.js';

interface CompiledRoute {
  def: RouteDefinition;
  regex: RegExp;
  params: string[];
}

function compile(def: RouteDefinition): CompiledRoute {
  const params: string[] = [];
  const pattern = def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\+?\}/g, (_m, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { def, regex: new RegExp(`^${pattern}$`), params };
}

export function matchRoute(routes: CompiledRoute[], method: string, path: string) {
  for (const r of routes) {
    if (r.def.method !== method) continue;
    const m = r.regex.exec(path);
    if (!m) continue;
    try {
      return { route: r, pathParameters: Object.fromEntries(r.params.map((p, i) => [p, decodeURIComponent(m[i + 1]!)])) };
    } catch {
      return undefined; // malformed percent-encoding: no such resource (API Gateway answers such paths itself)
    }
  }
  return undefined;
}

/**
 * Buffers at most MAX_BODY_BYTES + 1 bytes. A longer body is cut there and the rest dropped as it arrives: the handler
 * sees a body over the limit and refuses it in its protocol's own error format (shared/entry/http/body-limit.ts).
 */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      const room = MAX_BODY_BYTES + 1 - size;
      chunks.push(c.length > room ? c.subarray(0, room) : c);
      size += Math.min(c.length, room);
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.resume(); // the rest is read and dropped, so the client still gets the answer on this connection
        resolve(Buffer.concat(chunks));
      }
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function isTextual(contentType: string | undefined): boolean {
  return !contentType || /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript))/.test(contentType);
}

export function toEvent(
  req: IncomingMessage,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string>,
  url = new URL(req.url ?? '/', 'http://local'),
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
  const cookies = headers.cookie?.split(/;\s*/).filter(Boolean);
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = query[k] ? `${query[k]},${v}` : v;
  const textual = isTextual(headers['content-type']);
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
  };
}

function send(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const headers: Record<string, string | number | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const text = result.body ?? '';
  const body = result.isBase64Encoded ? Buffer.from(text, 'base64') : text;
  // With its length known (as API Gateway answers), Node sends headers and body in one write, not chunked.
  const status = result.statusCode ?? 200;
  if (status !== 204 && status !== 304 && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-length')) {
    headers['content-length'] = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  }
  res.writeHead(status, headers);
  res.end(body);
}

function jsonError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message }));
}

/**
 * `isReady`: until it says so, every request (/health too) answers 503, as API Gateway answers while its integration
 * is unavailable. The local platform listens first (its URL goes into the handlers' environment) and becomes ready
 * only once that environment is set and the data keys are wrapped again under the new moto keys: a request in between
 * would fail on a half-started platform.
 */
export function createGateway(routes: RouteDefinition[], isReady: () => boolean = () => true): Server {
  const compiled = routes.map(compile);
  return createServer(async (req, res) => {
    try {
      if (!isReady()) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(JSON.stringify({ message: 'Service Unavailable' }));
        return;
      }
      const url = new URL(req.url ?? '/', 'http://local');
      const path = url.pathname;
      // The console's static pages: deployed, CloudFront + S3 serve them, not a function.
      if (isConsolePage(req.method ?? 'GET', path)) return await serveConsole(path, res);
      const match = matchRoute(compiled, req.method ?? 'GET', path);
      if (!match) return jsonError(res, 404, 'Not Found');
      const body = await readBody(req);
      const routeKey = `${match.route.def.method} ${match.route.def.path}`;
      const handler = await loadHandler<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(match.route.def.handler);
      // The route's grants, as IAM would enforce them on AWS (only the purpose keys are checked locally).
      const result = await runWithLocalGrants(match.route.def.grants, () =>
        handler(toEvent(req, body, routeKey, match.pathParameters, url), lambdaContext(match.route.def.id)),
      );
      send(res, typeof result === 'string' ? { statusCode: 200, body: result } : result);
    } catch (err) {
      // What API Gateway answers when the integration fails: a bare 500, details only in the log.
      console.error('[gateway] handler failed', err);
      if (!res.headersSent) jsonError(res, 500, 'Internal Server Error');
    }
  });
}

export function lambdaContext(functionName: string) {
  return {
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
