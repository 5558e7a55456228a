import type { Merchant, MerchantConfig, Mid, MidLimits } from '../domain/merchant.js';
import type { RoutingTable } from '../domain/routing.js';
import type { MidHealthStore } from './mid-health.js';
import type { Alongside } from './transaction-items.js';

/** Also writes the MIDs' health (ports/mid-health.ts), which `get` reads with the MIDs. */
export interface MerchantDirectory extends MidHealthStore {
  /** Merchant and its MIDs, cached per container for a short time. Undefined for an unknown key. */
  get(clientKey: string): Promise<MerchantConfig | undefined>;
  create(merchant: Merchant): Promise<void>;
  /** `alongside`: entries stored in the same transaction (ports/transaction-items.ts). */
  update(clientKey: string, changes: MerchantChanges, opts?: Alongside): Promise<Merchant>;
  putMid(clientKey: string, mid: Mid): Promise<void>;
  /** Replaces one existing MID's limits only (none: removes them), so a concurrent change of its other fields stands. */
  setMidLimits(clientKey: string, midId: string, limits: MidLimits | undefined, opts?: Alongside): Promise<void>;
  /** Writes the routing table if nobody wrote another since version - 1 was read (RoutingConflictError otherwise). */
  putRouting(clientKey: string, table: RoutingTable, opts?: Alongside): Promise<void>;
  list(): Promise<Merchant[]>;
}

/** Fields to change; undefined leaves a field alone, null removes an optional one (e.g. the link-target override). */
export type MerchantChanges = { [K in keyof Omit<Merchant, 'clientKey' | 'createdAt'>]?: Merchant[K] | null };
