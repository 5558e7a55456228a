/** Hosted fields' Token-header calls: processing (purchase, debit), session update, and the iframe's card submission. */
import fc from 'fast-check';
import type { FuzzFixtures } from '../fixtures.js';
import { CARD } from '../fixtures.js';
import { bodyRequest, jsonValues, mutatedFields, randomFields, type Fields } from '../bodies.js';
import { headerSafe, type FuzzTarget } from '../target.js';
import { junkString } from '../values.js';

/** The Token header: a live session's token, a junk one, or none. */
function tokenHeader(fx: FuzzFixtures): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...fx.hfTokens, fx.hfCardToken, fx.hfThreeDs.token).map((t) => ({ Token: t })) },
    // Under Node's 16 KB header limit: its 431 is the HTTP server's answer, not the platform's.
    { weight: 2, arbitrary: junkString.map(headerSafe).map((t) => ({ Token: t.slice(0, 4000) })) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constantFrom(...fx.hfTokens).map((t) => ({ Token: `${t}, ${t}`, token: t })) },
  );
}

/** No hash here: the token is the credential, so every body variant is fuzzed as is. */
function tokenTarget(name: string, method: 'POST' | 'PUT', path: string, template: Fields): FuzzTarget {
  return {
    name: `${method} ${path}`,
    route: name,
    group: 'hosted-fields',
    family: 'token-api',
    requests: (fx) =>
      bodyRequest({
        method,
        path,
        kind: 'json',
        headers: tokenHeader(fx),
        fields: fc.oneof(mutatedFields(template, jsonValues), randomFields(template, jsonValues)),
      }),
  };
}

const payment: Fields = {
  name: 'JOHN DOE',
  with_hosted_fields: true,
  email: 'payer@example.com',
  birth_date: '1990-01-31',
  selected_language: 'en',
  billing_address: { country: 'US', state: 'CA', city: 'LA', zip: '12345', phone: '123456', language: 'en' },
  browser_info: {
    accept_header: 'text/html',
    user_agent: 'Mozilla/5.0',
    language: 'en',
    screen_width: 1920,
    screen_height: 1080,
    color_depth: 24,
    time_zone: -120,
    java_enabled: false,
    javascript_enabled: true,
  },
};

export const hostedFieldsTargets: FuzzTarget[] = [
  tokenTarget('POST /api/v1/processing/purchase/card', 'POST', '/api/v1/processing/purchase/card', payment),
  tokenTarget('POST /api/v1/processing/debit/card', 'POST', '/api/v1/processing/debit/card', payment),
  tokenTarget('PUT /api/v1/session/update', 'PUT', '/api/v1/session/update', {
    order_amount: '12.00',
    order_currency: 'USD',
    recurring_init: true,
    req_token: false,
    schedule_id: 'x',
    parameters: { a: 'b' },
    custom_data: { c: 'd' },
  }),
  tokenTarget('POST /hosted-fields/card-data', 'POST', '/hosted-fields/card-data', { card_number: CARD, expiry: '01/38', cvv: '123' }),
];
