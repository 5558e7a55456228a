/** The merchant API's request signature check goes through the protocol's one comparison (hashMatches). */
import { describe, expect, it } from 'vitest';
import { requestSignature, signatureMatches, type SignedRequest } from '../../../shared/protocol/merchant-api/request-signature.js';

const r: SignedRequest = { method: 'GET', path: '/api/v1/merchant/callbacks', query: 'limit=5', timestamp: '1800000000', body: '' };
const good = requestSignature('secret-password', r);

describe('signatureMatches', () => {
  it('accepts the signature of this request and password only', () => {
    expect(signatureMatches('secret-password', r, good)).toBe(true);
    expect(signatureMatches('other-password', r, good)).toBe(false);
    expect(signatureMatches('secret-password', { ...r, query: 'limit=6' }, good)).toBe(false);
  });

  it('refuses a changed character, a wrong length and non-hex text', () => {
    const flipped = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    expect(signatureMatches('secret-password', r, flipped)).toBe(false);
    expect(signatureMatches('secret-password', r, good.slice(0, -1))).toBe(false);
    expect(signatureMatches('secret-password', r, '')).toBe(false);
    expect(signatureMatches('secret-password', r, 'z'.repeat(good.length))).toBe(false);
  });
});
