/** Helpers for the mobile SDK's tests: a fetch that records every request, a payer on the page, a payment request. */
import type { FetchLike, PaymentRequest } from '@open-payments/mobile-sdk';
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
  return [...new Set([password, password.toUpperCase(), password.toLowerCase(), encodeURIComponent(password), JSON.stringify(password).slice(1, -1)])];
}

export function requestsContaining(requests: RecordedRequest[], password: string): RecordedRequest[] {
  const forms = secretForms(password);
  return requests.filter((r) => forms.some((f) => r.url.includes(f) || r.body.includes(f) || Object.values(r.headers).some((h) => h.includes(f))));
}

export function paymentRequest(over: Partial<PaymentRequest> = {}, shop = 'https://shop.example'): PaymentRequest {
  return {
    operation: 'purchase',
    successUrl: `${shop}/success`,
    cancelUrl: `${shop}/cancel`,
    errorUrl: `${shop}/error`,
    order: { number: `app-${Math.random().toString(36).slice(2, 10)}`, amount: '10.00', currency: 'USD', description: 'Blue T-shirt' },
    customer: { name: 'John Doe', email: 'doe@example.com' },
    billingAddress: { country: 'US', state: 'CA', city: 'Los Angeles', language: 'en' },
    ...over,
  };
}

/** The payer fills the page with a sandbox card (no browser: the page works without JavaScript); answers payment_id. */
export async function payOnPage(pageUrl: string, expiry = '01/38'): Promise<string> {
  const res = await postPage(`${pageUrl}/pay`, card(expiry));
  const link = continueLink(res.html);
  if (!link) throw new Error(`the page did not return: HTTP ${res.status}`);
  return new URL(link.href).searchParams.get('payment_id')!;
}
