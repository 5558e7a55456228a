/**
 * Requests through the stage's CloudFront (infra/constructs/api-edge.ts; docs/security.md "In front of the API").
 * With EDGE_ORIGIN_VERIFY set (a deployed stage's public routes), a request must carry that value in
 * x-platform-origin-verify, which only the distribution sends: one without it came straight to API Gateway, past the
 * web ACL, and is refused with 403. Through CloudFront, API Gateway's sourceIp is a CloudFront address, so the
 * client's own (x-platform-viewer-ip, set by CloudFront over anything the client sent) replaces it: the merchant IP
 * allowlist, the payer's address on hosted pages and the logs see the client. Unset (the local platform, tests):
 * nothing changes. EDGE_DIRECT_CALLS=allow (`-c directApi=allow`, for the weeks merchants move from API Gateway's
 * address to the distribution's) lets a request without the value through, with API Gateway's sourceIp.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { MiddlewareObj } from '@middy/core';
import { header, json, type HttpEvent, type HttpResult } from './http.js';

export const EDGE_ORIGIN_VERIFY_HEADER = 'x-platform-origin-verify';
export const EDGE_VIEWER_IP_HEADER = 'x-platform-viewer-ip';

function sameToken(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function edgeOrigin(): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    before: (request) => {
      // Straight from the environment (declared in shared/lib/config.ts): it runs before, and for routes without, the
      // platform's configuration.
      const verify = process.env.EDGE_ORIGIN_VERIFY;
      if (!verify) return;
      const { event } = request;
      // API Gateway's own answer to a request it refuses; nothing says why.
      if (!sameToken(header(event, EDGE_ORIGIN_VERIFY_HEADER), verify)) {
        return process.env.EDGE_DIRECT_CALLS === 'allow' ? undefined : json(403, { message: 'Forbidden' });
      }
      const viewer = header(event, EDGE_VIEWER_IP_HEADER)?.trim();
      if (viewer && isIP(viewer) && event.requestContext?.http) {
        request.event = { ...event, requestContext: { ...event.requestContext, http: { ...event.requestContext.http, sourceIp: viewer } } };
      }
    },
  };
}
