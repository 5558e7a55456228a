/** The follow-up hash verifier a payment keeps (`fuv`): the same for the hash in either hex case, useless without the password. */
import { describe, expect, it } from 'vitest';
import type { Payment } from '../../../shared/domain/payment.js';
import { formula2 } from '../../../shared/protocol/signature.js';
import { followUpVerifier, paymentHash, paymentVerifier } from '../../../shared/operations/s2s-card/follow-up-verifier.js';

const merchant = { password: 'pw-1', hashAlgorithm: 'md5' as const };
const payment = { transId: 't-1', action: 'SALE', payerEmail: 'doe@example.com', card: { bin: '411111', last4: '1111' } } as Payment;

describe('follow-up verifier', () => {
  it('is the HMAC of the hash a follow-up must send (Formula 2), whatever its hex case', () => {
    const hash = formula2({ email: 'doe@example.com', password: 'pw-1', transId: 't-1', cardNumber: '4111111111111111' });
    expect(paymentHash(merchant, payment)).toBe(hash);
    expect(paymentVerifier(merchant, payment)).toBe(followUpVerifier(merchant, hash));
    expect(followUpVerifier(merchant, hash.toUpperCase())).toBe(followUpVerifier(merchant, hash));
    expect(paymentVerifier(merchant, payment)).not.toContain(hash);
  });

  it('differs for another hash and for another password (a rotated password makes it stale)', () => {
    const v = paymentVerifier(merchant, payment);
    expect(paymentVerifier(merchant, { ...payment, payerEmail: 'other@example.com' })).not.toBe(v);
    expect(paymentVerifier({ ...merchant, password: 'pw-2' }, payment)).not.toBe(v);
  });
});
