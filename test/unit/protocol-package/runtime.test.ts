/**
 * The package computes with @noble/hashes so it runs on React Native too; these properties pin it to what Node's
 * own crypto (the platform's previous implementation) gives, byte for byte, and cover the checks built on it.
 */
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  callbackHmac,
  checkSignatureHeader,
  encodeForm,
  hashMatches,
  hexDigest,
  hmacSha256Hex,
  parseForm,
  signatureHeader,
  strrev,
  strtoupper,
} from '@open-payments/protocol';

const nodeDigest = (algo: string, data: Uint8Array) => createHash(algo).update(data).digest('hex');

describe('digests', () => {
  it('md5, sha1 and sha256 equal node:crypto on any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.constantFrom('md5' as const, 'sha1' as const, 'sha256' as const), (bytes, algo) => {
        expect(hexDigest(algo, bytes)).toBe(nodeDigest(algo, bytes));
      }),
    );
  });

  it('strings are hashed as their UTF-8 bytes, lone surrogates as U+FFFD (as Buffer.from does)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(hexDigest('md5', s)).toBe(createHash('md5').update(s, 'utf8').digest('hex'));
      }),
    );
    expect(hexDigest('md5', '\uD800')).toBe(createHash('md5').update('\uFFFD', 'utf8').digest('hex'));
  });

  it('HMAC-SHA256 equals node:crypto', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (secret, message) => {
        expect(hmacSha256Hex(secret, message)).toBe(createHmac('sha256', secret).update(message, 'utf8').digest('hex'));
      }),
    );
  });

  it('strrev and strtoupper work on bytes and never change their input', () => {
    const input = new Uint8Array([0x61, 0xc3, 0xa9, 0x7a]);
    expect([...strrev(input)]).toEqual([0x7a, 0xa9, 0xc3, 0x61]);
    expect([...strtoupper(input)]).toEqual([0x41, 0xc3, 0xa9, 0x5a]);
    expect([...input]).toEqual([0x61, 0xc3, 0xa9, 0x7a]);
  });
});

describe('hashMatches, the one request-hash check', () => {
  const expected = '2702ae0c4f99506dc29b5615ba9ee3c0';

  it('accepts the digest in either hex case', () => {
    expect(hashMatches(expected, expected)).toBe(true);
    expect(hashMatches(expected, expected.toUpperCase())).toBe(true);
  });

  it('refuses a missing, non-string, shorter, longer or different value', () => {
    for (const received of [
      undefined,
      null,
      42,
      ['x'],
      { hash: expected },
      '',
      expected.slice(1),
      `${expected}0`,
      `${expected.slice(0, -1)}1`,
    ]) {
      expect(hashMatches(expected, received)).toBe(false);
    }
  });

  it('with several candidates, any one matches', () => {
    expect(hashMatches(['a'.repeat(32), expected], expected)).toBe(true);
    expect(hashMatches(['a'.repeat(32), 'b'.repeat(32)], expected)).toBe(false);
    expect(hashMatches([], expected)).toBe(false);
  });
});

describe('X-Callback-Signature', () => {
  const body = 'action=SALE&result=SUCCESS&trans_id=abc';
  const now = 1_760_000_000;

  it('v1 is HMAC-SHA256(secret, "<t>.<body>") and text or bytes of the body sign alike', () => {
    const v1 = createHmac('sha256', 'cbs_1').update(`${now}.${body}`).digest('hex');
    expect(callbackHmac('cbs_1', now, body)).toBe(v1);
    expect(callbackHmac('cbs_1', now, new TextEncoder().encode(body))).toBe(v1);
    expect(signatureHeader(body, now, ['cbs_1'])).toBe(`t=${now},v1=${v1}`);
  });

  it('says why a header fails', () => {
    const header = signatureHeader(body, now, ['new', 'old']);
    expect(checkSignatureHeader(header, body, ['old'], { nowSeconds: now })).toEqual({ ok: true, timestamp: now });
    expect(checkSignatureHeader(header, body, ['other'], { nowSeconds: now })).toEqual({ ok: false, reason: 'signature_mismatch' });
    expect(checkSignatureHeader(header, body, ['old'], { nowSeconds: now + 301 })).toEqual({
      ok: false,
      reason: 'timestamp_outside_tolerance',
    });
    expect(checkSignatureHeader(header, body, ['old'], { nowSeconds: now + 301, toleranceSeconds: 600 }).ok).toBe(true);
    expect(checkSignatureHeader(undefined, body, ['old'], { nowSeconds: now })).toEqual({ ok: false, reason: 'missing_signature' });
    expect(checkSignatureHeader('t=1,v1=zz', body, ['old'], { nowSeconds: now })).toEqual({ ok: false, reason: 'malformed_signature' });
  });

  it('ignores parts of other schemes and takes upper-case hex', () => {
    const v1 = callbackHmac('k', now, body);
    expect(checkSignatureHeader(`t=${now},v0=abc,junk,v1=${v1.toUpperCase()}`, body, ['k'], { nowSeconds: now }).ok).toBe(true);
  });
});

describe('form codec', () => {
  it('encodes like http_build_query and parses back', () => {
    const fields = {
      action: 'SALE',
      amount: 1.5,
      recurring: true,
      skipped: undefined,
      empty: '',
      custom_data: { 'a b': 'x&y' },
      list: ['é', '+'],
    };
    const body = encodeForm(fields);
    expect(body).toBe('action=SALE&amount=1.5&recurring=true&custom_data%5Ba+b%5D=x%26y&list%5B0%5D=%C3%A9&list%5B1%5D=%2B');
    expect(JSON.parse(JSON.stringify(parseForm(body)))).toEqual({
      action: 'SALE',
      amount: '1.5',
      recurring: 'true',
      custom_data: { 'a b': 'x&y' },
      list: ['é', '+'],
    });
    expect(encodeForm({ empty: '' }, { keepEmpty: true })).toBe('empty=');
  });

  it('round-trips nested string values', () => {
    const key = fc.string({ unit: fc.constantFrom(...'abcXYZ_-. é'), minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(
        fc.dictionary(key, fc.oneof(fc.string({ minLength: 1 }), fc.dictionary(key, fc.string({ minLength: 1 }), { minKeys: 1 }))),
        (fields) => {
          fc.pre(Object.keys(fields).every((k) => !k.startsWith(' ') && !/^\d+$/.test(k)));
          expect(JSON.parse(JSON.stringify(parseForm(encodeForm(fields))))).toEqual(JSON.parse(JSON.stringify(fields)));
        },
      ),
    );
  });
});
