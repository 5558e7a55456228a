/**
 * A merchant's routing table (docs/routing.md): ordered rules, each naming the payments it matches and the MIDs that
 * serve them with weights for a volume split. Stored as the merchant's ROUTING item, written conditionally on version.
 */
import type { MidHealthPolicy } from './mid-health.js';

/** Where the card data entered the platform. */
export const INTEGRATIONS = ['s2s-card', 'checkout', 'hosted-fields'] as const;
export type Integration = (typeof INTEGRATIONS)[number];

/** Card brands as the platform names them (protocol/fields.ts cardBrand). */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'unionpay', 'unknown'] as const;

/** What a rule matches; an absent condition matches every payment. Amounts in minor units, bounds included. */
export interface RuleConditions {
  brands?: string[];
  currencies?: string[];
  minAmount?: number;
  maxAmount?: number;
  moto?: boolean;
  /** true: the platform's own 3DS may run (payer present, no external 3DS data, not MOTO); false: it will not. */
  threeDs?: boolean;
  integrations?: Integration[];
}

export interface RuleMid {
  midId: string;
  /** Share of the rule's payments first sent to this MID, in percent; the weights of a rule add up to 100. */
  weight: number;
}

export interface RoutingRule {
  name?: string;
  match: RuleConditions;
  mids: RuleMid[];
}

export interface RoutingTable {
  /** Bumped by each write; a write names the version it replaces. */
  version: number;
  /** How many MIDs a payment may be tried on within one request (cascading on soft declines); 1 disables cascading. */
  maxAttempts: number;
  /** Decline reasons (or codes) that allow a retry on the next MID; the default list when absent. */
  softDeclines?: string[];
  rules: RoutingRule[];
  /** MID health's threshold, window and cool-down (docs/routing.md "MID health"); the defaults where absent. */
  health?: Partial<MidHealthPolicy>;
  updatedAt?: string;
}

/** What routing knows of a payment when it picks its MID. */
export interface PaymentFacts {
  brand: string;
  currency: string;
  amount: number;
  moto: boolean;
  threeDs: boolean;
  integration: Integration;
}

/** Another write of the table came between reading it and writing it. */
export class RoutingConflictError extends Error {
  constructor() {
    super('The routing rules were changed by someone else meanwhile: run the command again to write over the new version.');
  }
}
