/**
 * What every MerchantDirectory (shared/ports/merchant-directory.ts, with the MID health of ports/mid-health.ts) does:
 * the in-memory fake in the unit lane, the DynamoDB adapter in the integration lane, the same assertions
 * (test/contracts/payment-store.contract.ts says why). Every test makes its own client keys (the adapter's runs share
 * one table), so list() is asserted on the test's own merchants only.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../shared/domain/errors.js';
import { DEFAULT_MAPPINGS, type Merchant, type Mid } from '../../shared/domain/merchant.js';
import { RoutingConflictError, type RoutingTable } from '../../shared/domain/routing.js';
import { TRIAL_STALE_SECONDS, type MidHealthPolicy } from '../../shared/domain/mid-health.js';
import type { MerchantDirectory } from '../../shared/ports/merchant-directory.js';
import { TransactionItems } from '../../shared/ports/transaction-items.js';

export interface MerchantDirectorySubject {
  directory: MerchantDirectory;
  /** A table an entry stored alongside a change may name (EntryItem.table). */
  entryTable: string;
}

/** Registers the contract's tests; `make` builds a directory whose reads see every write at once (no cache). */
export function merchantDirectoryContract(make: () => MerchantDirectorySubject | Promise<MerchantDirectorySubject>): void {
  const merchant = (change: Partial<Merchant> = {}): Merchant => ({
    clientKey: `k-${randomUUID()}`,
    name: 'Contract Shop',
    password: 'secret-password',
    hashAlgorithm: 'md5',
    mappings: { ...DEFAULT_MAPPINGS, payer: true },
    requiredPayerFields: [],
    termsCheckbox: false,
    createdAt: '2030-05-05T12:00:00.000Z',
    ...change,
  });
  const mid = (midId: string, change: Partial<Mid> = {}): Mid => ({
    midId,
    name: `MID ${midId}`,
    paymentMode: 'SMS/DMS',
    moto: false,
    zeroAmount: false,
    connector: 'sandbox',
    enabled: true,
    descriptor: 'SHOP',
    ...change,
  });
  const routing = (version: number): RoutingTable => ({ version, maxAttempts: 1, rules: [] });

  describe('merchants', () => {
    it('answers nothing for an unknown client key', async () => {
      const { directory } = await make();
      expect(await directory.get(`k-${randomUUID()}`)).toBeUndefined();
    });

    it('creates a client key once, and reads the merchant back with its MIDs in MID order and no health yet', async () => {
      const { directory } = await make();
      const m = merchant();
      await directory.create(m);
      await expect(directory.create({ ...m, name: 'Other' })).rejects.toBeInstanceOf(ValidationError);
      await directory.putMid(m.clientKey, mid('m2'));
      await directory.putMid(m.clientKey, mid('m1', { limits: { maxAmount: '50.00' } }));
      const config = await directory.get(m.clientKey);
      expect(config?.merchant).toEqual(m);
      expect(config?.mids).toEqual([mid('m1', { limits: { maxAmount: '50.00' } }), mid('m2')]);
      expect(config?.routing).toBeUndefined();
      expect(config?.midHealth ?? {}).toEqual({});
      expect((await directory.list()).filter((x) => x.clientKey === m.clientKey)).toEqual([m]);
    });

    it('fills in the callback mappings a merchant stored without', async () => {
      const { directory } = await make();
      const m = merchant({ mappings: { payer: true } as Merchant['mappings'] });
      await directory.create(m);
      expect((await directory.get(m.clientKey))?.merchant.mappings).toEqual({ ...DEFAULT_MAPPINGS, payer: true });
    });

    it('updates only a merchant that exists: null removes a field, undefined leaves it, the password changes sealed', async () => {
      const { directory, entryTable } = await make();
      const m = merchant({ notificationUrl: 'https://shop.example/cb' });
      await directory.create(m);
      const alongside = TransactionItems.of({ table: entryTable, item: { pk: `CONTRACT#${randomUUID()}`, sk: 'E', kind: 'contract' } });
      const updated = await directory.update(
        m.clientKey,
        { name: 'Renamed', notificationUrl: null, password: 'new-password' },
        { alongside },
      );
      const expected = { ...m, name: 'Renamed', password: 'new-password' };
      delete expected.notificationUrl;
      expect(updated).toEqual(expected);
      expect(alongside.stored).toBe(true);
      expect((await directory.get(m.clientKey))?.merchant).toEqual(expected);
      await expect(directory.update(m.clientKey, {})).rejects.toBeInstanceOf(ValidationError);
      await expect(directory.update(`k-${randomUUID()}`, { name: 'Nobody' })).rejects.toBeInstanceOf(ValidationError);
    });

    it("replaces one MID's limits only, and refuses a MID that does not exist", async () => {
      const { directory } = await make();
      const m = merchant();
      await directory.create(m);
      await directory.putMid(m.clientKey, mid('m1', { limits: { maxAmount: '50.00' } }));
      await directory.setMidLimits(m.clientKey, 'm1', { dailyCap: '900.00' });
      expect((await directory.get(m.clientKey))?.mids).toEqual([mid('m1', { limits: { dailyCap: '900.00' } })]);
      await directory.setMidLimits(m.clientKey, 'm1', undefined);
      expect((await directory.get(m.clientKey))?.mids).toEqual([mid('m1')]);
      await expect(directory.setMidLimits(m.clientKey, 'no-such-mid', { dailyCap: '1.00' })).rejects.toThrow();
    });

    it('writes a routing table only over the version it replaces', async () => {
      const { directory } = await make();
      const m = merchant();
      await directory.create(m);
      await expect(directory.putRouting(m.clientKey, routing(2))).rejects.toBeInstanceOf(RoutingConflictError);
      await directory.putRouting(m.clientKey, routing(1));
      await expect(directory.putRouting(m.clientKey, routing(1))).rejects.toBeInstanceOf(RoutingConflictError);
      await directory.putRouting(m.clientKey, { ...routing(2), maxAttempts: 2 });
      await expect(directory.putRouting(m.clientKey, routing(2))).rejects.toBeInstanceOf(RoutingConflictError);
      expect((await directory.get(m.clientKey))?.routing).toEqual({ ...routing(2), maxAttempts: 2 });
    });
  });

  describe('MID health', () => {
    const policy: MidHealthPolicy = { failureThreshold: 2, windowSeconds: 60, cooldownSeconds: 30 };
    const t0 = Date.parse('2030-05-05T12:00:00.000Z');
    const at = (seconds: number) => new Date(t0 + seconds * 1000);

    it('counts failures in a window, opens once at the threshold, and starts a new window after it', async () => {
      const { directory } = await make();
      const m = merchant();
      await directory.create(m);
      expect(await directory.recordMidFailure(m.clientKey, 'm1', at(0), policy)).toMatchObject({ opened: false, health: { failures: 1 } });
      const opened = await directory.recordMidFailure(m.clientKey, 'm1', at(1), policy);
      expect(opened).toMatchObject({
        opened: true,
        health: { failures: 2, openedAt: at(1).toISOString(), reopensAt: at(31).toISOString() },
      });
      // Open: a further failure counts but opens nothing.
      expect(await directory.recordMidFailure(m.clientKey, 'm1', at(2), policy)).toMatchObject({ opened: false, health: { failures: 3 } });
      expect((await directory.get(m.clientKey))?.midHealth?.m1).toMatchObject({ failures: 3, openedAt: at(1).toISOString() });
      const other = merchant();
      await directory.create(other);
      await directory.recordMidFailure(other.clientKey, 'm1', at(0), policy);
      expect(await directory.recordMidFailure(other.clientKey, 'm1', at(61), policy)).toMatchObject({
        opened: false,
        health: { failures: 1 },
      });
    });

    it('grants one trial after the cool-down, again once it is stale; closes only the opening it saw', async () => {
      const { directory } = await make();
      const m = merchant();
      await directory.create(m);
      await directory.recordMidFailure(m.clientKey, 'm1', at(0), policy);
      const openedAt = (await directory.recordMidFailure(m.clientKey, 'm1', at(0), policy)).health.openedAt!;
      expect(await directory.claimMidTrial(m.clientKey, 'm1', openedAt, at(10))).toMatchObject({ claimed: false });
      expect(await directory.claimMidTrial(m.clientKey, 'm1', openedAt, at(30))).toMatchObject({
        claimed: true,
        health: { trialAt: at(30).toISOString() },
      });
      expect(await directory.claimMidTrial(m.clientKey, 'm1', openedAt, at(31))).toMatchObject({ claimed: false });
      expect(await directory.claimMidTrial(m.clientKey, 'm1', openedAt, at(31 + TRIAL_STALE_SECONDS))).toMatchObject({ claimed: true });
      expect(await directory.claimMidTrial(m.clientKey, 'no-such-mid', openedAt, at(30))).toEqual({ claimed: false });
      expect(await directory.closeMidCircuit(m.clientKey, 'm1', at(5).toISOString(), at(40))).toBe(false);
      expect(await directory.closeMidCircuit(m.clientKey, 'm1', openedAt, at(40))).toBe(true);
      expect(await directory.closeMidCircuit(m.clientKey, 'm1', openedAt, at(41))).toBe(false);
      const closed = (await directory.get(m.clientKey))?.midHealth?.m1;
      expect(closed).toMatchObject({ failures: 0, windowEndsAt: at(40).toISOString() });
      expect(closed).not.toHaveProperty('openedAt');
      expect(closed).not.toHaveProperty('trialAt');
    });

    it('opens a half-open MID again at its first failure, which ends the trial', async () => {
      const { directory } = await make();
      const m = merchant();
      await directory.create(m);
      await directory.recordMidFailure(m.clientKey, 'm1', at(0), policy);
      const openedAt = (await directory.recordMidFailure(m.clientKey, 'm1', at(0), policy)).health.openedAt!;
      await directory.claimMidTrial(m.clientKey, 'm1', openedAt, at(30));
      const again = await directory.recordMidFailure(m.clientKey, 'm1', at(35), policy);
      expect(again).toMatchObject({ opened: true, health: { openedAt: at(35).toISOString(), reopensAt: at(65).toISOString() } });
      expect(again.health).not.toHaveProperty('trialAt');
    });
  });
}
