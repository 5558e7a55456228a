/**
 * A merchant backend's view of Hosted Payment Fields: signed session-token requests, the Token-header calls, and
 * the card submission the card-number iframe makes (so API tests need no browser).
 */
import { checkoutHash } from '../../../shared/protocol/signature.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postJson } from '../../support/platform.js';

export const SHOP = 'https://shop.example';

export function tokenBody(merchant: Merchant, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const order = {
    number: `hf-${Math.random().toString(36).slice(2, 10)}`,
    amount: '10.00',
    currency: 'USD',
    description: 'Blue T-shirt',
    ...(overrides.order as object),
  };
  const body: Record<string, unknown> = {
    merchant_key: merchant.clientKey,
    operation: 'purchase',
    return_url: `${SHOP}/return`,
    customer: { name: 'John Doe', email: 'doe@example.com' },
    ...overrides,
    order,
  };
  if (!('hash' in overrides)) body.hash = checkoutHash([order.number, order.amount, order.currency, order.description], merchant.password);
  return body;
}

export async function createToken(baseUrl: string, merchant: Merchant, overrides: Record<string, unknown> = {}) {
  const body = tokenBody(merchant, overrides);
  const res = await postJson(`${baseUrl}/api/v1/session/token`, body);
  if (res.status !== 200) throw new Error(`session token failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    token: res.body.token as string,
    order: body.order as { number: string; amount: string; currency: string; description: string },
  };
}

export interface Answer {
  status: number;
  contentType: string;
  body: any;
  text: string;
}

export async function call(method: string, url: string, token: string | undefined, payload: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== undefined) headers.Token = token;
  const res = await fetch(url, {
    method,
    headers,
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    redirect: 'manual',
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* HTML */
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body, text };
}

/** What the card-number iframe posts on collectIframesData(). */
export const submitCard = (baseUrl: string, token: string, expiry = '01/38', overrides: Record<string, string> = {}) =>
  call('POST', `${baseUrl}/hosted-fields/card-data`, token, { card_number: '4111111111111111', expiry, cvv: '123', ...overrides });

export const paymentBody = (overrides: Record<string, unknown> = {}) => ({ name: 'JOHN DOE', with_hosted_fields: true, ...overrides });

export const pay = (
  baseUrl: string,
  token: string | undefined,
  body: unknown = paymentBody(),
  operation: 'purchase' | 'debit' = 'purchase',
) => call('POST', `${baseUrl}/api/v1/processing/${operation}/card`, token, body);

export const update = (baseUrl: string, token: string | undefined, body: unknown) =>
  call('PUT', `${baseUrl}/api/v1/session/update`, token, body);

export function callbackHash(merchant: Merchant, f: Record<string, unknown>): string {
  return checkoutHash([f.id, f.order_number, f.order_amount, f.order_currency, f.order_description] as string[], merchant.password);
}
