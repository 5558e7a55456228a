/** The Checkout hash builders against protocol.md §2.3's vectors (no platform needed; kept with the Checkout tests). */
import { describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { idHash, paymentAmountHash, paymentHash, sessionHash } from '../../../shared/protocol/checkout/hashes.js';

const m = { password: '13a4822c5907ed235f3a068c76184fc3', hashAlgorithm: 'md5' } as Merchant;

describe('Checkout hashes (protocol.md §2.3)', () => {
  it('session', () => {
    expect(sessionHash(m, { number: 'order-1234', amount: '0.19', currency: 'USD', description: 'Important gift' })).toBe(
      '792a4240d9f0bacd631d923d79ed9447b058eb6d',
    );
  });
  it('status by payment_id', () => {
    expect(idHash(m, '63c781cc-de3d-11eb-a1f1-0242ac130006')).toBe('b4b37d3b59eb12baa0a7716059c6f0592902f3b6');
  });
  it('refund', () => {
    expect(paymentAmountHash(m, '63c781cc-de3d-11eb-a1f1-0242ac130006', '0.10')).toBe('32b951469eb0137654a1c41c5fdfc4c40a866efa');
  });
  it('callback and return URL', () => {
    expect(
      paymentHash(m, 'f0a51dfa-fc43-11ec-8128-0242ac120004', {
        number: 'order-1234',
        amount: '3.01',
        currency: 'USD',
        description: 'bloodline',
      }),
    ).toBe('be3aaa35ff85d0d7aa8f6aaf08805be860b508c8');
  });
});
