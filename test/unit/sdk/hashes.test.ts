/**
 * The SDK's hashes (@open-payments/protocol: pure JS, no node:crypto) give protocol.md §2.3's vectors and, over
 * arbitrary (also non-ASCII) text in both modes, what PHP computes: here a node:crypto reference of the formula.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutHash, hashEquals, idHash, paymentAmountHash, returnHash, sessionHash } from '@open-payments/mobile-sdk';

/** sha1_hex(hash_hex(strtoupper(f1 . f2 … . PASSWORD))) on bytes, PHP 8 strtoupper changing only a-z. */
function platformHash(parts: Array<string | undefined>, password: string, algo: 'md5' | 'sha256' = 'md5'): string {
  const bytes = Buffer.from([...parts.filter((p) => p !== undefined), password].join(''), 'utf8').map((b) =>
    b >= 0x61 && b <= 0x7a ? b - 0x20 : b,
  );
  return createHash('sha1').update(createHash(algo).update(bytes).digest('hex')).digest('hex');
}

const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
const signer = { password: PASSWORD };

describe('mobile SDK hashes', () => {
  it('reproduces the protocol.md §2.3 vectors', () => {
    expect(sessionHash(signer, { number: 'order-1234', amount: '0.19', currency: 'USD', description: 'Important gift' })).toBe(
      '792a4240d9f0bacd631d923d79ed9447b058eb6d',
    );
    expect(idHash(signer, '63c781cc-de3d-11eb-a1f1-0242ac130006')).toBe('b4b37d3b59eb12baa0a7716059c6f0592902f3b6');
    expect(paymentAmountHash(signer, '63c781cc-de3d-11eb-a1f1-0242ac130006', '0.10')).toBe('32b951469eb0137654a1c41c5fdfc4c40a866efa');
    expect(
      returnHash(signer, 'f0a51dfa-fc43-11ec-8128-0242ac120004', {
        number: 'order-1234',
        amount: '3.01',
        currency: 'USD',
        description: 'bloodline',
      }),
    ).toBe('be3aaa35ff85d0d7aa8f6aaf08805be860b508c8');
  });

  it('leaves absent fields out, like the platform (a full refund has no amount)', () => {
    expect(paymentAmountHash(signer, 'p-1')).toBe(platformHash(['p-1'], PASSWORD));
    expect(checkoutHash(['o', undefined, 'BTC', 'desc'], 'pw')).toBe(platformHash(['o', undefined, 'BTC', 'desc'], 'pw'));
  });

  it('equals the formula computed with node:crypto for any fields and password, md5 and sha256 mode', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.string({ unit: 'grapheme' }), { nil: undefined }), { maxLength: 6 }),
        fc.string({ unit: 'grapheme', minLength: 1 }),
        fc.constantFrom('md5' as const, 'sha256' as const),
        (parts, password, algo) => {
          expect(checkoutHash(parts, password, algo)).toBe(platformHash(parts, password, algo));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('uppercases bytes a-z only, as PHP 8 strtoupper does (non-ASCII passes unchanged)', () => {
    expect(checkoutHash(['straße', 'ÿ'], 'pässword')).toBe(platformHash(['straße', 'ÿ'], 'pässword'));
  });

  it('compares hex digests case-insensitively and rejects missing or other-length values', () => {
    const h = idHash(signer, 'x');
    expect(hashEquals(h, h.toUpperCase())).toBe(true);
    expect(hashEquals(h, undefined)).toBe(false);
    expect(hashEquals(h, h.slice(1))).toBe(false);
    expect(hashEquals(h, `${h.slice(0, -1)}${h.endsWith('0') ? '1' : '0'}`)).toBe(false);
  });
});
