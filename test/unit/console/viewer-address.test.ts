/**
 * The audit log's address behind CloudFront: CloudFront-Viewer-Address ("ip:port", IPv6 too) counts only when the
 * request carries the stage's X-Console-Origin-Verify value, and never on a stage that has none configured.
 */
import { describe, expect, it } from 'vitest';
import type { HttpEvent } from '../../../shared/entry/http/http.js';
import { viewerAddress } from '../../../shared/entry/http/console.js';

const cx = (verify?: string) => ({ d: { config: { CONSOLE_ORIGIN_VERIFY: verify } } }) as unknown as Parameters<typeof viewerAddress>[0];
const event = (headers: Record<string, string>) =>
  ({ headers, requestContext: { http: { method: 'POST', sourceIp: '130.176.0.1' } } }) as unknown as HttpEvent;
const through = (address: string) => event({ 'x-console-origin-verify': 'v3r1fy', 'cloudfront-viewer-address': address });

describe('viewerAddress', () => {
  it('takes the viewer’s IPv4 or IPv6 address, without the port, from a request the stage’s CloudFront sent', () => {
    expect(viewerAddress(cx('v3r1fy'), through('203.0.113.7:51234'))).toBe('203.0.113.7');
    expect(viewerAddress(cx('v3r1fy'), through('2001:db8:3333:4444:5555:6666:7777:8888:443'))).toBe(
      '2001:db8:3333:4444:5555:6666:7777:8888',
    );
    expect(viewerAddress(cx('v3r1fy'), through('[2001:db8::1]:443'))).toBe('2001:db8::1');
  });

  it('trusts nothing on a stage not configured to be behind CloudFront, whatever the request says', () => {
    expect(viewerAddress(cx(undefined), through('203.0.113.7:51234'))).toBeUndefined();
    expect(
      viewerAddress(cx(undefined), event({ 'x-console-origin-verify': '', 'cloudfront-viewer-address': '203.0.113.7:1' })),
    ).toBeUndefined();
  });

  it('ignores the header without the verify value, with a wrong one, or when it is not an address', () => {
    expect(viewerAddress(cx('v3r1fy'), event({ 'cloudfront-viewer-address': '203.0.113.7:1' }))).toBeUndefined();
    expect(
      viewerAddress(cx('v3r1fy'), event({ 'x-console-origin-verify': 'v3r1fx', 'cloudfront-viewer-address': '203.0.113.7:1' })),
    ).toBeUndefined();
    for (const junk of ['203.0.113.7', 'evil.example:80', ':443', '999.1.1.1:80', ''])
      expect(viewerAddress(cx('v3r1fy'), through(junk))).toBeUndefined();
  });
});
