/**
 * Behind the stage's CloudFront, a public route takes only requests that carry the distribution's origin-verify
 * value (the others bypassed the web ACL) and sees the client's address CloudFront reported, not CloudFront's own.
 * Without EDGE_ORIGIN_VERIFY (the local platform) nothing changes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import { json, type HttpEvent } from '../../../shared/entry/http/http.js';
import { httpEndpoint } from '../../../shared/entry/http/endpoint.js';
import { EDGE_ORIGIN_VERIFY_HEADER, EDGE_VIEWER_IP_HEADER } from '../../../shared/entry/http/edge-origin.js';

const VERIFY = 'a-generated-value-only-cloudfront-sends';
const CLOUDFRONT_EDGE = '130.176.1.1';
const event = (headers: Record<string, string>) =>
  ({
    body: 'action=SALE',
    isBase64Encoded: false,
    headers,
    requestContext: { http: { method: 'POST', sourceIp: CLOUDFRONT_EDGE } },
  }) as unknown as HttpEvent;
const ctx = {} as Context;

/** A route that answers with the source address its handler saw. */
const route = () => {
  const seen = vi.fn((e: HttpEvent) => Promise.resolve(json(200, { sourceIp: e.requestContext.http.sourceIp })));
  return { seen, handler: httpEndpoint('POST /post', seen) };
};

function deployed(value: string | undefined) {
  if (value === undefined) delete process.env.EDGE_ORIGIN_VERIFY;
  else process.env.EDGE_ORIGIN_VERIFY = value;
}

afterEach(() => {
  deployed(undefined);
  delete process.env.EDGE_DIRECT_CALLS;
});

describe('requests through the stage CloudFront', () => {
  it('refuses a request without the origin-verify value, or with a wrong one, before the handler runs', async () => {
    deployed(VERIFY);
    for (const headers of [{}, { [EDGE_ORIGIN_VERIFY_HEADER]: 'guess' }, { [EDGE_ORIGIN_VERIFY_HEADER]: VERIFY.slice(1) }] as Array<
      Record<string, string>
    >) {
      const { seen, handler } = route();
      const res = await handler(event({ ...headers, [EDGE_VIEWER_IP_HEADER]: '203.0.113.9' }), ctx);
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body!)).toEqual({ message: 'Forbidden' });
      expect(seen).not.toHaveBeenCalled();
    }
  });

  it('gives the handler the client address CloudFront saw, IPv4 or IPv6', async () => {
    deployed(VERIFY);
    for (const ip of ['203.0.113.9', '2001:db8::7']) {
      const { handler } = route();
      const res = await handler(event({ [EDGE_ORIGIN_VERIFY_HEADER]: VERIFY, [EDGE_VIEWER_IP_HEADER]: ip }), ctx);
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body!)).toEqual({ sourceIp: ip });
    }
  });

  it('keeps API Gateway’s address when the viewer header is missing or not an address', async () => {
    deployed(VERIFY);
    for (const headers of [{}, { [EDGE_VIEWER_IP_HEADER]: '203.0.113.9, 10.0.0.1' }] as Array<Record<string, string>>) {
      const { handler } = route();
      const res = await handler(event({ [EDGE_ORIGIN_VERIFY_HEADER]: VERIFY, ...headers }), ctx);
      expect(JSON.parse(res.body!)).toEqual({ sourceIp: CLOUDFRONT_EDGE });
    }
  });

  it('serves a direct request with API Gateway’s address while direct calls are allowed (-c directApi=allow)', async () => {
    deployed(VERIFY);
    process.env.EDGE_DIRECT_CALLS = 'allow';
    const { handler } = route();
    // A direct caller cannot name its address either.
    const res = await handler(event({ [EDGE_VIEWER_IP_HEADER]: '203.0.113.9' }), ctx);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ sourceIp: CLOUDFRONT_EDGE });
    const through = await route().handler(event({ [EDGE_ORIGIN_VERIFY_HEADER]: VERIFY, [EDGE_VIEWER_IP_HEADER]: '203.0.113.9' }), ctx);
    expect(JSON.parse(through.body!)).toEqual({ sourceIp: '203.0.113.9' });
  });

  it('changes nothing where no CloudFront is in front (the local platform)', async () => {
    deployed(undefined);
    const { handler } = route();
    const res = await handler(event({ [EDGE_VIEWER_IP_HEADER]: '203.0.113.9' }), ctx);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ sourceIp: CLOUDFRONT_EDGE });
  });
});
