/** Card-on-file classification (domain/card-on-file.ts): who initiated, first or subsequent use, where the card came from. */
import { describe, expect, it } from 'vitest';
import { classifyCardOnFile, type CofFacts } from '../../../shared/domain/card-on-file.js';

const none: CofFacts = { storesCredential: false, cardToken: false, recurring: false, scheduleRun: false };

describe('classifyCardOnFile', () => {
  it('a schedule run and a recurring charge are merchant-initiated subsequent uses', () => {
    expect(classifyCardOnFile({ ...none, scheduleRun: true, recurring: true })).toEqual({
      initiator: 'merchant',
      sequence: 'subsequent',
      source: 'schedule',
    });
    expect(classifyCardOnFile({ ...none, recurring: true })).toEqual({
      initiator: 'merchant',
      sequence: 'subsequent',
      source: 'recurring',
    });
  });

  it('card_token: cardholder-initiated unless payer_present is N (any case)', () => {
    expect(classifyCardOnFile({ ...none, cardToken: true })).toEqual({
      initiator: 'cardholder',
      sequence: 'subsequent',
      source: 'card_token',
    });
    expect(classifyCardOnFile({ ...none, cardToken: true, payerPresent: 'Y' })?.initiator).toBe('cardholder');
    expect(classifyCardOnFile({ ...none, cardToken: true, payerPresent: 'n' })?.initiator).toBe('merchant');
  });

  it('storing a credential is the first use; a one-off payment is not card-on-file', () => {
    expect(classifyCardOnFile({ ...none, storesCredential: true })).toEqual({ initiator: 'cardholder', sequence: 'first', source: 'card' });
    expect(classifyCardOnFile({ ...none, storesCredential: true, cardToken: true })?.sequence).toBe('subsequent');
    expect(classifyCardOnFile(none)).toBeUndefined();
  });
});
