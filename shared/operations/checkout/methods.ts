/**
 * The payment methods a session's page offers (`methods`, protocol.md §5.1): `card`, and for a purchase every
 * alternative method the platform accepts on the page — a brand whose descriptor offers it there (checkoutPage),
 * whose provider is registered (deps().apmConnectors), and which takes the order's currency (ips: EUR, RSD, BAM,
 * MKD only). A merchant's own list (merchantSettings) may name any brand offered on the page.
 * Without `methods` the page offers all of them; with it, those of the list it can serve (unknown codes are skipped);
 * none left is the spec's "Not found acceptable methods".
 */
import type { CheckoutOperation } from '../../ports/checkout-sessions.js';
import { ValidationError } from '../../domain/errors.js';
import { allBrands } from '../../protocol/apm/catalogue.js';
import type { ApmConnectorRegistry } from '../../ports/apm-connector.js';

type Providers = Pick<ApmConnectorRegistry, 'forBrand'>;

/** providers: only brands one of them serves (omitted: every brand offered on the page); currency: only the brands that take it. */
export function apmMethods(providers?: Providers, currency?: string): string[] {
  return allBrands()
    .filter((d) => d.checkoutPage && (!providers || providers.forBrand(d.brand) !== undefined))
    .filter((d) => !currency || !d.currencies || d.currencies.includes(currency))
    .map((d) => d.brand);
}

/** Methods for this operation: APM pays a purchase only (debit, credit and transfer move money card to card). */
export function acceptableMethods(operation: CheckoutOperation, providers?: Providers, currency?: string): string[] {
  return operation === 'purchase' ? ['card', ...apmMethods(providers, currency)] : ['card'];
}

/** `enabled`: the merchant's own list of methods, if it keeps one (admin: merchants update --methods). */
export function sessionMethods(
  operation: CheckoutOperation,
  requested: string[] | undefined,
  enabled: string[] | undefined,
  currency: string | undefined,
  providers: Providers,
): string[] {
  const acceptable = acceptableMethods(operation, providers, currency).filter((m) => !enabled?.length || enabled.includes(m));
  const methods = requested?.length ? acceptable.filter((m) => requested.some((r) => r.toLowerCase() === m)) : acceptable;
  if (methods.length === 0) throw ValidationError.noAcceptableMethods();
  return methods;
}

export const isApmMethod = (method: string) => method !== 'card';
