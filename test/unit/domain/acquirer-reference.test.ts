/**
 * A payment's reference at the acquirer per cascade attempt (shared/domain/acquirer-reference.ts): the first attempt
 * is the trans_id as it is, attempt N is trans_id-aN, and a trans_id is never read as an attempt of another.
 */
import { describe, expect, it } from 'vitest';
import { attemptReference, parseAttemptReference } from '../../../shared/domain/acquirer-reference.js';

const TRANS_ID = '0b5c1f1e-6f5e-4c3e-9a57-6a1f0d1f2b3c';

describe('acquirer references per cascade attempt', () => {
  it('the first attempt is the trans_id; later ones carry their number, and read back', () => {
    expect(attemptReference(TRANS_ID)).toBe(TRANS_ID);
    expect(attemptReference(TRANS_ID, 1)).toBe(TRANS_ID);
    expect(attemptReference(TRANS_ID, 2)).toBe(`${TRANS_ID}-a2`);
    for (const attempt of [1, 2, 3, 4, 5])
      expect(parseAttemptReference(attemptReference(TRANS_ID, attempt))).toEqual({ transId: TRANS_ID, attempt });
  });

  it('a trans_id whose last group looks like an attempt is read as itself', () => {
    for (const id of ['0b5c1f1e-6f5e-4c3e-9a57-a12345678901', '0b5c1f1e-6f5e-4c3e-9a57-a00000000002']) {
      expect(parseAttemptReference(id)).toEqual({ transId: id, attempt: 1 });
    }
    expect(parseAttemptReference('-a2')).toEqual({ transId: '-a2', attempt: 1 });
  });
});
