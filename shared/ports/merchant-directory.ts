import type { Merchant, MerchantConfig, Mid } from '../domain/merchant.js';

export interface MerchantDirectory {
  /** Merchant and its MIDs, cached per container for a short time. Undefined for an unknown key. */
  get(clientKey: string): Promise<MerchantConfig | undefined>;
  create(merchant: Merchant): Promise<void>;
  update(clientKey: string, changes: Partial<Omit<Merchant, 'clientKey' | 'createdAt'>>): Promise<Merchant>;
  putMid(clientKey: string, mid: Mid): Promise<void>;
  list(): Promise<Merchant[]>;
}
