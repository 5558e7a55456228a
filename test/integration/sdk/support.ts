/** Helpers for the mobile SDK's tests: a fetch that records every request, a payer on the page, a payment request, the shop's orders. */
import type { FetchLike, PaymentRequest } from '@open-payments/mobile-sdk';
import type { Authenticate } from '../../../sdk/merchant-backend/src/auth/app-user.js';
import type { PriceOrder } from '../../../sdk/merchant-backend/src/orders/price-order.js';
import { card, continueLink, postPage } from '../checkout/support.js';

export interface RecordedRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The global fetch, with a copy of every request kept: the proof that a secret was never sent lies in these. */
export function recordingFetch(requests: RecordedRequest[] = []): { fetch: FetchLike; requests: RecordedRequest[] } {
  return {
    requests,
    fetch: async (url, init) => {
      requests.push({ url, headers: { ...init.headers }, body: init.body });
      return fetch(url, init);
    },
  };
}

/** Every form the password could take in a request: as is, upper- and lower-cased, URL- and JSON-escaped. */
export function secretForms(password: string): string[] {
  return [
    ...new Set([
      password,
      password.toUpperCase(),
      password.toLowerCase(),
      encodeURIComponent(password),
      JSON.stringify(password).slice(1, -1),
    ]),
  ];
}

export function requestsContaining(requests: RecordedRequest[], password: string): RecordedRequest[] {
  const forms = secretForms(password);
  return requests.filter((r) =>
    forms.some((f) => r.url.includes(f) || r.body.includes(f) || Object.values(r.headers).some((h) => h.includes(f))),
  );
}

export function paymentRequest(over: Partial<PaymentRequest> = {}, shop = 'https://shop.example'): PaymentRequest {
  return {
    operation: 'purchase',
    successUrl: `${shop}/success`,
    cancelUrl: `${shop}/cancel`,
    errorUrl: `${shop}/error`,
    order: { number: `app-${Math.random().toString(36).slice(2, 10)}`, amount: '10.00', currency: 'USD' },
    ...over,
  };
}

/**
 * The shop's own order data, as the merchant backend's priceOrder reads it: every "app-…" order is a 10.00 USD
 * T-shirt (its payer details chosen by the shop), "debit-…" orders may be debits, "o-1" costs 0.00 (for the
 * platform's own refusal). Anything else is no order.
 */
export const shopOrders: PriceOrder = (ref) => {
  const session = {
    customer: { name: 'John Doe', email: 'doe@example.com' },
    billing_address: { country: 'US', state: 'CA', city: 'Los Angeles', language: 'en' },
  };
  if (ref.startsWith('app-')) return { amount: '10.00', currency: 'USD', description: 'Blue T-shirt', session };
  if (ref.startsWith('debit-')) return { amount: '10.00', currency: 'USD', description: 'Top-up', operations: ['debit'] };
  if (ref === 'o-1') return { amount: '0.00', currency: 'USD', description: 'Zero' };
  return undefined;
};

/** For the browser tests: a fixed app token stands in for the app's sign-in (the JWKS path has its own test). */
export const E2E_APP_TOKEN = 'e2e-app-user-token';
export const e2eAppUser: Authenticate = ({ headers }) =>
  headers.authorization === `Bearer ${E2E_APP_TOKEN}` ? { id: 'e2e-user' } : undefined;

/** The payer fills the page with a sandbox card (no browser: the page works without JavaScript); answers payment_id. */
export async function payOnPage(pageUrl: string, expiry = '01/38'): Promise<string> {
  const res = await postPage(`${pageUrl}/pay`, card(expiry));
  const link = continueLink(res.html);
  if (!link) throw new Error(`the page did not return: HTTP ${res.status}`);
  return new URL(link.href).searchParams.get('payment_id')!;
}
