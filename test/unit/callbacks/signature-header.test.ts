import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import { parseSignatureHeader, signatureHeader, verifySignatureHeader } from '../../../shared/protocol/callbacks/signature-header.js';

const body = 'action=SALE&result=SUCCESS&status=SETTLED&trans_id=abc';
const now = 1_760_000_000;

describe('X-Callback-Signature', () => {
  it('is t=<unix>,v1=<HMAC-SHA256(secret, "t.body")>', () => {
    const header = signatureHeader(body, now, ['s3cret']);
    const expected = createHmac('sha256', 's3cret').update(`${now}.${body}`).digest('hex');
    expect(header).toBe(`t=${now},v1=${expected}`);
  });

  it('carries one v1 per secret during a rotation, and either secret verifies', () => {
    const header = signatureHeader(body, now, ['new', 'old']);
    expect(parseSignatureHeader(header)!.signatures).toHaveLength(2);
    expect(verifySignatureHeader(header, body, ['old'], now)).toBe(true);
    expect(verifySignatureHeader(header, body, ['new'], now)).toBe(true);
    expect(verifySignatureHeader(header, body, ['other'], now)).toBe(false);
  });

  it('rejects a stale timestamp (replayed request) and a changed body', () => {
    const header = signatureHeader(body, now, ['k']);
    expect(verifySignatureHeader(header, body, ['k'], now + 301)).toBe(false);
    expect(verifySignatureHeader(header, `${body}&amount=1`, ['k'], now)).toBe(false);
    expect(verifySignatureHeader(undefined, body, ['k'], now)).toBe(false);
    expect(verifySignatureHeader('t=abc,v1=00', body, ['k'], now)).toBe(false);
  });

  it('verifies what it signs and nothing else (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), fc.string(), (b, secret, other, tail) => {
        const header = signatureHeader(b, now, [secret]);
        expect(verifySignatureHeader(header, b, [secret], now)).toBe(true);
        if (other !== secret) expect(verifySignatureHeader(header, b, [other], now)).toBe(false);
        if (tail) expect(verifySignatureHeader(header, b + tail, [secret], now)).toBe(false);
      }),
    );
  });
});
