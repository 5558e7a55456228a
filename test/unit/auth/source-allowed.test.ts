/** The merchant API IP allowlist check: CIDR v4/v6, IPv4-mapped sources, no list = any source. */
import { describe, expect, it } from 'vitest';
import { sourceAllowed } from '../../../shared/operations/auth/authenticate.js';

const LIST = ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'];

describe('sourceAllowed', () => {
  it('allows any source without a list', () => {
    expect(sourceAllowed(undefined, '192.0.2.1')).toBe(true);
    expect(sourceAllowed([], undefined)).toBe(true);
  });
  it.each([
    ['203.0.113.0', true],
    ['203.0.113.255', true],
    ['::ffff:203.0.113.9', true],
    ['198.51.100.7', true],
    ['2001:db8:1::5', true],
    ['[2001:db8::1]', true],
    ['203.0.114.1', false],
    ['198.51.100.8', false],
    ['2001:db9::1', false],
    ['127.0.0.1', false],
    ['not-an-ip', false],
    ['', false],
  ])('%s → %s', (ip, allowed) => {
    expect(sourceAllowed(LIST, ip)).toBe(allowed);
  });
  it('refuses a call whose source is unknown when a list is set', () => {
    expect(sourceAllowed(LIST, undefined)).toBe(false);
  });
});
