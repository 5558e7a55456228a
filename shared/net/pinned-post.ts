/**
 * One HTTP(S) POST to an address vetted beforehand (shared/net/public-url.ts): the connection goes to that address
 * whatever DNS answers by now (no rebinding), while Host, SNI and certificate checks still use the URL's host name.
 * Redirects are never followed: a 3xx is just the answer. One deadline covers connect, headers and body.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
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
}

export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  // Node asks with {all: true} when it may try several addresses (autoSelectFamily); answer in either shape.
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

export function postPinned(
  target: PinnedTarget,
  req: { headers: Record<string, string>; body: string; signal: AbortSignal; maxBodyChars: number },
): Promise<PinnedAnswer> {
  const { url } = target;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const payload = Buffer.from(req.body, 'utf8');
  return new Promise<PinnedAnswer>((resolve, reject) => {
    const outgoing = request(
      {
        method: 'POST',
        hostname: target.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: { ...req.headers, 'content-length': String(payload.length) },
        lookup: pinnedLookup(target.address, target.family),
        signal: req.signal,
        agent: false,
      },
      (res: IncomingMessage) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (body.length < req.maxBodyChars) body += chunk.slice(0, req.maxBodyChars - body.length);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
