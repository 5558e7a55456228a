/**
 * What the platform needs from an alternative-payment-method (APM) provider. Separate from the card Connector port:
 * an APM payment names a brand and a payer identifier instead of a card. Follow-ups (capture, refund, void) have the
 * same shape as the card ones, so the protocol-neutral payment cores drive both.
 */
import type { FormValue } from '../protocol/form.js';
import type { Connector, ConnectorOutcome } from './connector.js';
import type { ApmFlow } from '../protocol/apm/descriptor.js';
import type { Mid } from '../domain/merchant.js';

export interface ApmPaymentRequest {
  transId: string;
  brand: string;
  /** The payer's identifier at the method (e-mail, wallet or account id). */
  identifier?: string;
  /** Minor units the payer is charged (for DEBIT2VIRTUAL: amount + commission). */
  amount: number;
  currency: string;
  /** true: hold funds (two-stage APM payment, auth=Y). */
  authorize: boolean;
  /** Brand-specific values from parameters[...], in memory only. */
  parameters?: Record<string, FormValue>;
}

export interface ApmPayoutRequest {
  transId: string;
  brand: string;
  identifier?: string;
  amount: number;
  currency: string;
  parameters?: Record<string, FormValue>;
}

export interface ApmConnector extends Pick<Connector, 'name' | 'capture' | 'refund' | 'void'> {
  /**
   * The flows this provider carries out. It serves every brand whose descriptor (shared/protocol/apm/brands/) names it as
   * provider and has one of these flows; the brands are not listed here, so a new method is only its descriptor.
   */
  readonly flows: readonly ApmFlow[];
  /** Its name in its notification address (POST /providers/{slug}/notifications) and for its webhook secret. */
  readonly slug: string;
  /** approved / declined, or { kind: 'challenge', type: 'REDIRECT' } when the payer must visit the method's page. */
  pay(req: ApmPaymentRequest): Promise<ConnectorOutcome>;
  /** The payer came back from the method's page: the final outcome of a REDIRECT payment. */
  completeRedirect(req: ApmPaymentRequest): Promise<ConnectorOutcome>;
  /** CREDIT2VIRTUAL: money goes to the payer's account at the method. */
  payout(req: ApmPayoutRequest): Promise<ConnectorOutcome>;
  /** DEBIT2VIRTUAL commission for an amount, minor units of the same currency. */
  commission(req: { brand: string; amount: number; currency: string }): number;
  /** Set for a provider whose payment page the platform serves on its behalf (the sandbox); a real one hosts its own. */
  readonly page?: ApmProviderPage;
}

/**
 * The provider's side of a page the platform serves for it: the payer waits or decides there, and the provider then
 * tells the platform over HTTP, signed, exactly as a real provider's servers would (POST /providers/{slug}/notifications).
 */
export interface ApmProviderPage {
  /** The page only waits: the outcome comes by a notification sent from elsewhere. */
  waitsOnly(req: { identifier?: string }): boolean;
  /** The payer's Pay / Reject on the page, as the provider's notification sent to `to`; the platform's HTTP status. */
  decide(req: { transId: string; brand: string; approve: boolean }, to: ProviderNotificationTarget): Promise<number>;
}

/** Where a provider's notification goes, and the webhook secret it is signed with. */
export interface ProviderNotificationTarget {
  url: string;
  secret: string;
}

/** Where operations find APM providers (built in the composition root, shared/entry/composition/deps.ts). */
export interface ApmConnectorRegistry {
  names(): string[];
  /** The provider serving a brand (the `brand` request field): its descriptor's provider, if it carries the flow. */
  forBrand(brand: string): ApmConnector | undefined;
  /**
   * The providers as one merchant may use them: a brand only when one of these (enabled) MIDs' connector reaches
   * its provider (shared/domain/stage-kind.ts). What a merchant is offered and charged through.
   */
  forMids<M extends Pick<Mid, 'connector' | 'enabled'>>(mids: readonly M[]): MerchantApmProviders<M>;
  /** The provider of a stored payment (its `connector`); throws for an unknown name. */
  named(name: string): ApmConnector;
  /** The named provider, or undefined (a card connector's name). */
  find(name: string): ApmConnector | undefined;
  /** The provider whose notifications arrive at /providers/{slug}/notifications, if any. */
  bySlug(slug: string): ApmConnector | undefined;
}

/** A merchant's view of the APM providers (ApmConnectorRegistry.forMids). */
export interface MerchantApmProviders<M> {
  /** The brand's provider, if one of the merchant's enabled MIDs reaches it. */
  forBrand(brand: string): ApmConnector | undefined;
  /** The merchant's enabled MIDs that reach the brand's provider, in their order: where its payments route. */
  midsFor(brand: string): M[];
}
