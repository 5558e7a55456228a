/**
 * What every CardVault (shared/ports/card-vault.ts) does: the in-memory fake in the unit lane, the DynamoDB adapter
 * (KMS-sealed PAN) in the integration lane, the same assertions (test/contracts/payment-store.contract.ts says why).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CardVault, VaultEntry } from '../../shared/ports/card-vault.js';

/** Registers the contract's tests; `make` builds a vault that reads expiry against the real time. */
export function cardVaultContract(make: () => CardVault | Promise<CardVault>): void {
  const entry = (change: Partial<VaultEntry> = {}): VaultEntry => ({
    kind: 'card-token',
    id: randomUUID(),
    clientKey: `k-${randomUUID()}`,
    card: { number: '4111111111111111', expMonth: '12', expYear: '2031', holder: 'JOHN DOE' },
    meta: { payerEmail: 'doe@example.com' },
    createdAt: new Date().toISOString(),
    ...change,
  });

  describe('the card vault', () => {
    it('gives an entry back to its own merchant only, and nothing for an id it never kept', async () => {
      const vault = await make();
      const e = entry();
      await vault.put(e);
      expect(await vault.get(e.kind, e.id, e.clientKey)).toEqual(e);
      expect(await vault.get(e.kind, e.id, 'another-merchant')).toBeUndefined();
      expect(await vault.get('recurring', e.id, e.clientKey)).toBeUndefined();
      expect(await vault.get(e.kind, randomUUID(), e.clientKey)).toBeUndefined();
    });

    it('writes an entry once: a second put under the same kind and id is refused and the first stays', async () => {
      const vault = await make();
      const e = entry();
      await vault.put(e);
      await expect(vault.put({ ...e, card: { ...e.card, number: '5555555555554444' } })).rejects.toThrow();
      expect((await vault.get(e.kind, e.id, e.clientKey))?.card.number).toBe('4111111111111111');
    });

    it('keeps an entry with a time to live only until it runs out', async () => {
      const vault = await make();
      const live = entry({ kind: 'challenge' });
      await vault.put(live, 3600);
      expect(await vault.get('challenge', live.id, live.clientKey)).toEqual(live);
      const spent = entry({ kind: 'challenge', createdAt: new Date(Date.now() - 120_000).toISOString() });
      await vault.put(spent, 60);
      expect(await vault.get('challenge', spent.id, spent.clientKey)).toBeUndefined();
    });
  });
}
