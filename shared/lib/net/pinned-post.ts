/**
 * One HTTP(S) POST to an address vetted beforehand (shared/lib/net/public-url.ts): the connection goes to that address
 * whatever DNS answers by now (no rebinding), while Host, SNI and certificate checks still use the URL's host name.
 * Redirects are never followed: a 3xx is just the answer. One deadline covers connect, headers and body.
 * Connections are kept alive per vetted address (a merchant receiving many callbacks pays one TCP and TLS handshake,
 * not one per callback), and only ever reused for that same address.
 *
 * A reused connection can be reset under the request (the peer closed it as we wrote, or read the request and then
 * dropped it): we cannot tell whether the request was processed. Each caller says whether it may be sent again
 * (`resend`): a request that changes nothing or that its receiver deduplicates (an inquiry, a signed callback with
 * its event id) is sent once more on a new connection; a request that moves money never is, its outcome is
 * undetermined and settled by inquiry or webhook (docs/reconciliation.md).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { LookupFunction } from 'node:net';

export interface PinnedTarget {
  url: URL;
  hostname: string;
  address: string;
  family: 4 | 6;
}

export interface PinnedAnswer {
  status: number;
  /** The first `maxBodyChars` characters of the answer. */
  body: string;
  /** The answer's headers (lower-case names). */
  headers: IncomingHttpHeaders;
}

/**
 * Whether a POST whose reused connection was reset is sent again on a new one: `'on-reset'` only for requests that
 * are safe to repeat (inquiries, callbacks); `'never'` for a payment, payout, capture, refund or void.
 */
export type Resend = 'never' | 'on-reset';

export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  // Node asks with {all: true} when it may try several addresses (autoSelectFamily); answer in either shape.
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

/** Idle connections are closed after this (below the 5 s node servers keep them; a server's Keep-Alive hint wins). */
const IDLE_MS = 4000;
const MAX_AGENTS = 256;
const agents = new Map<string, HttpAgent>();

/** One keep-alive agent per origin and vetted address: a pooled connection never goes anywhere DNS says now. */
function agentFor(target: PinnedTarget): HttpAgent {
  const key = `${target.url.protocol}//${target.hostname}:${target.url.port}@${target.address}`;
  let agent = agents.get(key);
  if (!agent) {
    if (agents.size >= MAX_AGENTS) {
      const [oldest, old] = agents.entries().next().value!;
      old.destroy();
      agents.delete(oldest);
    }
    const options = { keepAlive: true, maxFreeSockets: 8, timeout: IDLE_MS };
    agent = target.url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

export function postPinned(
  target: PinnedTarget,
  req: {
    headers: Record<string, string>;
    body: string;
    signal: AbortSignal;
    maxBodyChars: number;
    resend: Resend;
    method?: 'GET' | 'POST';
  },
  fresh = false,
): Promise<PinnedAnswer> {
  const { url } = target;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const payload = Buffer.from(req.body, 'utf8');
  return new Promise<PinnedAnswer>((resolve, reject) => {
    const outgoing = request(
      {
        // A GET (an acquirer's status lookup) has no body; everything else here is a POST.
        method: req.method ?? 'POST',
        hostname: target.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: req.method === 'GET' ? req.headers : { ...req.headers, 'content-length': String(payload.length) },
        lookup: pinnedLookup(target.address, target.family),
        signal: req.signal,
        agent: fresh ? false : agentFor(target),
      },
      (res: IncomingMessage) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (body.length < req.maxBodyChars) body += chunk.slice(0, req.maxBodyChars - body.length);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        res.on('error', reject);
      },
    );
    outgoing.on('error', (err: NodeJS.ErrnoException) => {
      // The peer reset a pooled connection as we reused it: it may or may not have read and processed the request.
      // Sent again (on a new connection) only when the caller said it is safe to repeat; otherwise it is no answer.
      const resend = req.resend === 'on-reset' && !fresh && outgoing.reusedSocket && err.code === 'ECONNRESET' && !req.signal.aborted;
      if (resend) resolve(postPinned(target, req, true));
      else reject(err);
    });
    if (req.method === 'GET') outgoing.end();
    else outgoing.end(payload);
  });
}
