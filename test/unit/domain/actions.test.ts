/** The actions table answers the questions the protocols used to keep maps for. */
import { describe, expect, it } from 'vitest';
import { ACTIONS, checkoutKindOfTransaction } from '../../../shared/domain/actions.js';

describe('checkoutKindOfTransaction', () => {
  it('names each own transaction as the actions starting with it do, and nothing else', () => {
    expect(
      ['SALE', 'AUTH', 'DEBIT', 'CARD2CARD', 'CREDIT2CARD', 'RECURRING_SALE', 'RECURRING_DEBIT'].map(checkoutKindOfTransaction),
    ).toEqual(['sale', 'sale', 'debit', 'transfer', 'credit', 'recurring', 'recurring']);
    expect(['CAPTURE', 'REFUND', '3DS', 'CHARGEBACK'].map(checkoutKindOfTransaction)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('gives actions that share a transaction one kind (the table cannot name it twice)', () => {
    const kinds = new Map<string, Set<string>>();
    for (const a of Object.values(ACTIONS)) kinds.set(a.transaction, (kinds.get(a.transaction) ?? new Set()).add(a.checkoutKind));
    expect([...kinds].filter(([, k]) => k.size > 1)).toEqual([]);
  });
});
