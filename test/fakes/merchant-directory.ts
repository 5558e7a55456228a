/**
 * The MerchantDirectory port (shared/ports/merchant-directory.ts, with the MID health it extends) in memory, with the
 * DynamoDB adapter's rules (shared/adapters/aws/dynamo-merchant-directory.ts, dynamo-mid-health.ts), held to it by
 * test/contracts/merchant-directory.contract.ts: a client key is created once; an update changes only a merchant that
 * exists (null removes a field); a routing table is written over the version it replaces only
 * (RoutingConflictError); a MID's health counts failures in a window, opens once at the threshold, grants one trial
 * after the cool-down and closes only the opening it saw. No per-container cache: every read sees the last write.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ValidationError } from '../../shared/domain/errors.js';
import {
  DEFAULT_MAPPINGS,
  paymentModeOf,
  type Merchant,
  type MerchantConfig,
  type Mid,
  type MidLimits,
} from '../../shared/domain/merchant.js';
import { RoutingConflictError, type RoutingTable } from '../../shared/domain/routing.js';
import { opensAfterFailure, plusSeconds, trialStaleAt, type MidHealth, type MidHealthPolicy } from '../../shared/domain/mid-health.js';
import type { MerchantChanges, MerchantDirectory } from '../../shared/ports/merchant-directory.js';
import type { MidFailureRecorded, MidTrialClaim } from '../../shared/ports/mid-health.js';
import type { Alongside, EntryItem } from '../../shared/ports/transaction-items.js';

interface Partition {
  merchant?: Merchant;
  mids: Map<string, Mid>;
  routing?: RoutingTable;
  health: Map<string, MidHealth>;
}

export class MemoryMerchantDirectory implements MerchantDirectory {
  private readonly partitions = new Map<string, Partition>();
  /** Entries stored alongside a change (a console change's audit entry). */
  readonly entries: EntryItem[] = [];

  async get(clientKey: string): Promise<MerchantConfig | undefined> {
    const p = this.partitions.get(clientKey);
    if (!p?.merchant) return undefined;
    return structuredClone({
      merchant: read(p.merchant),
      // One Query reads the partition in sort-key order (MID#<mid_id>).
      mids: [...p.mids.values()].sort((a, b) => (a.midId < b.midId ? -1 : 1)).map((m) => ({ ...m, paymentMode: paymentModeOf(m) })),
      ...(p.routing ? { routing: p.routing } : {}),
      midHealth: Object.fromEntries(p.health),
    });
  }

  async create(merchant: Merchant): Promise<void> {
    const p = this.partition(merchant.clientKey);
    if (p.merchant) throw ValidationError.field('client_key', 'This value is already used.');
    p.merchant = structuredClone(merchant);
  }

  async update(clientKey: string, changes: MerchantChanges, opts: Alongside = {}): Promise<Merchant> {
    const given = Object.entries(changes).filter(([name, v]) => v !== undefined && !(name === 'password' && !v));
    if (given.length === 0) throw ValidationError.field('', 'Nothing to update.');
    const merchant = this.partitions.get(clientKey)?.merchant as unknown as Record<string, unknown> | undefined;
    if (!merchant) throw ValidationError.notCorrect('client_key');
    for (const [name, v] of given) {
      if (v === null) delete merchant[name];
      else merchant[name] = structuredClone(v);
    }
    this.storeAlongside(opts);
    return structuredClone(read(merchant as unknown as Merchant));
  }

  async putMid(clientKey: string, mid: Mid): Promise<void> {
    this.partition(clientKey).mids.set(mid.midId, structuredClone(mid));
  }

  async setMidLimits(clientKey: string, midId: string, limits: MidLimits | undefined, opts: Alongside = {}): Promise<void> {
    const mid = this.partitions.get(clientKey)?.mids.get(midId);
    // The adapter passes the refusal of its `attribute_exists(pk)` condition on unchanged.
    if (!mid) throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    if (limits) mid.limits = structuredClone(limits);
    else delete mid.limits;
    this.storeAlongside(opts);
  }

  async putRouting(clientKey: string, table: RoutingTable, opts: Alongside = {}): Promise<void> {
    const p = this.partition(clientKey);
    const fits = table.version === 1 ? !p.routing : p.routing?.version === table.version - 1;
    if (!fits) throw new RoutingConflictError();
    p.routing = structuredClone(table);
    this.storeAlongside(opts);
  }

  async list(): Promise<Merchant[]> {
    // The listing index is sorted by client key.
    return [...this.partitions.entries()]
      .filter(([, p]) => p.merchant)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, p]) => structuredClone(read(p.merchant!)));
  }

  async recordMidFailure(clientKey: string, midId: string, now: Date, policy: MidHealthPolicy): Promise<MidFailureRecorded> {
    const at = now.toISOString();
    const seen = this.health(clientKey, midId);
    // One more failure while the window lasts, or the first of a new window.
    const counted: MidHealth =
      seen?.windowEndsAt !== undefined && seen.windowEndsAt > at
        ? { ...seen, failures: seen.failures + 1, version: seen.version + 1 }
        : { ...seen, failures: 1, windowEndsAt: plusSeconds(now, policy.windowSeconds), version: (seen?.version ?? 0) + 1 };
    this.setHealth(clientKey, midId, counted);
    if (!opensAfterFailure(counted, now, policy)) return { health: structuredClone(counted), opened: false };
    const { trialAt: _trial, ...rest } = counted;
    const opened: MidHealth = { ...rest, openedAt: at, reopensAt: plusSeconds(now, policy.cooldownSeconds), version: counted.version + 1 };
    this.setHealth(clientKey, midId, opened);
    return { health: structuredClone(opened), opened: true };
  }

  async closeMidCircuit(clientKey: string, midId: string, openedAt: string, now: Date): Promise<boolean> {
    const seen = this.health(clientKey, midId);
    if (!seen || seen.openedAt !== openedAt) return false;
    // The window starts again: failures before the MID recovered do not count towards its next opening.
    this.setHealth(clientKey, midId, { failures: 0, windowEndsAt: now.toISOString(), version: seen.version + 1 });
    return true;
  }

  async claimMidTrial(clientKey: string, midId: string, openedAt: string, now: Date): Promise<MidTrialClaim> {
    const seen = this.health(clientKey, midId);
    const at = now.toISOString();
    const free =
      seen !== undefined &&
      seen.openedAt === openedAt &&
      seen.reopensAt !== undefined &&
      seen.reopensAt <= at &&
      (seen.trialAt === undefined || seen.trialAt <= trialStaleAt(now));
    if (!free) return { claimed: false, ...(seen ? { health: structuredClone(seen) } : {}) };
    const claimed = { ...seen, trialAt: at, version: seen.version + 1 };
    this.setHealth(clientKey, midId, claimed);
    return { claimed: true, health: structuredClone(claimed) };
  }

  /** The state the adapter's routing would see (the same as get()'s midHealth). */
  private health(clientKey: string, midId: string): MidHealth | undefined {
    return this.partitions.get(clientKey)?.health.get(midId);
  }

  private setHealth(clientKey: string, midId: string, h: MidHealth): void {
    this.partition(clientKey).health.set(midId, structuredClone(h));
  }

  private partition(clientKey: string): Partition {
    let p = this.partitions.get(clientKey);
    if (!p) this.partitions.set(clientKey, (p = { mids: new Map(), health: new Map() }));
    return p;
  }

  private storeAlongside({ alongside }: Alongside): void {
    if (!alongside) return;
    this.entries.push(...structuredClone(alongside.pending));
    alongside.markStored();
  }
}

/** A merchant as the directory answers it: the callback mappings the merchant set over the defaults. */
function read(m: Merchant): Merchant {
  return { ...m, mappings: { ...DEFAULT_MAPPINGS, ...m.mappings } };
}
