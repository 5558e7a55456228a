/** A merchant backend's view of Checkout: signed session requests and operation bodies, and a scripted payer (fetch). */
import { checkoutHash } from '../../../shared/protocol/signature.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postJson } from '../../support/platform.js';

export const SHOP = 'https://shop.example';

export function sessionBody(merchant: Merchant, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const order = {
    number: `order-${Math.random().toString(36).slice(2, 10)}`,
    amount: '10.00',
    currency: 'USD',
    description: 'Blue T-shirt',
    ...(overrides.order as object),
  };
  const body: Record<string, unknown> = {
    merchant_key: merchant.clientKey,
    operation: 'purchase',
    success_url: `${SHOP}/success`,
    cancel_url: `${SHOP}/cancel`,
    error_url: `${SHOP}/error`,
    customer: { name: 'John Doe', email: 'doe@example.com' },
    billing_address: {
      country: 'US',
      state: 'CA',
      city: 'Los Angeles',
      address: 'Moor Building 35274',
      zip: '123456',
      phone: '347771112233',
    },
    ...overrides,
    order,
  };
  if (!('hash' in overrides)) body.hash = checkoutHash([order.number, order.amount, order.currency, order.description], merchant.password);
  return body;
}

export async function createSession(baseUrl: string, merchant: Merchant, overrides: Record<string, unknown> = {}) {
  const body = sessionBody(merchant, overrides);
  const res = await postJson(`${baseUrl}/api/v1/session`, body);
  if (res.status !== 200) throw new Error(`session failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    url: res.body.redirect_url as string,
    order: body.order as { number: string; amount: string; currency: string; description: string },
  };
}

export interface PageResponse {
  status: number;
  html: string;
  headers: Headers;
  location?: string;
}

export async function get(url: string): Promise<PageResponse> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, html: await res.text(), headers: res.headers, location: res.headers.get('location') ?? undefined };
}

export async function postPage(url: string, fields: Record<string, string>): Promise<PageResponse> {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, html: await res.text(), headers: res.headers, location: res.headers.get('location') ?? undefined };
}

export const card = (expiry: string, overrides: Record<string, string> = {}) => ({
  card_number: '4111 1111 1111 1111',
  expiry,
  cvv: '123',
  holder: 'JOHN DOE',
  ...overrides,
});

/** The href of the page's Continue link (the return to the merchant), HTML entities decoded. */
export function continueLink(html: string): { href: string; target: string } | undefined {
  const m = /<a class="button" id="continue" href="([^"]+)" target="([^"]+)"/.exec(html);
  return m ? { href: m[1]!.replace(/&amp;/g, '&'), target: m[2]! } : undefined;
}

/** The return hash the merchant checks (§2.3): payment_id, order number, amount, currency, description. */
export function returnHash(
  merchant: Merchant,
  paymentId: string,
  order: { number: string; amount: string; currency: string; description: string },
): string {
  return checkoutHash([paymentId, order.number, order.amount, order.currency, order.description], merchant.password);
}

export function signed(merchant: Merchant, body: Record<string, unknown>, parts: string[]): Record<string, unknown> {
  return { merchant_key: merchant.clientKey, ...body, hash: checkoutHash(parts, merchant.password) };
}

/** The return link's query (payment_id, trans_id, order_id, hash); fails the test when the page has no return link. */
export function returnQuery(html: string): Record<string, string> {
  const link = continueLink(html);
  if (!link) throw new Error(`no return link on the page: ${/<h1[^>]*>([^<]*)/.exec(html)?.[1] ?? html.slice(0, 200)}`);
  return Object.fromEntries(new URL(link.href).searchParams);
}

/** The stored session behind a page link, and a way to rewrite it (to play a crash or an expiry). */
export async function storedSession(pageUrl: string) {
  const { deps } = await import('../../../shared/entry/composition/deps.js');
  const { sessionTokenHash } = await import('../../../shared/operations/checkout/session-token.js');
  const d = deps();
  const tokenHash = sessionTokenHash(pageUrl.split('/').pop()!);
  const session = (await d.checkoutSessions.getByTokenHash(tokenHash))!;
  return {
    session,
    rewrite: (changes: Record<string, unknown>) => d.checkoutSessions.update({ ...session, ...changes, version: session.version + 1 }),
  };
}
