/**
 * The merchant API (GET/POST /api/v1/merchant/…): the merchant's own signed routes. Requests come unsigned, with
 * hostile headers, or signed with the fixture merchant's password over a hostile query or body (so the fuzzer
 * reaches past the signature into validation). None may be a 5xx; every error is in the protocol's JSON format.
 */
import fc from 'fast-check';
import { requestSignature } from '../../../shared/protocol/merchant-api/request-signature.js';
import type { FuzzFixtures } from '../fixtures.js';
import type { FuzzRequest } from '../request.js';
import { headerSafe, query, type FuzzTarget } from '../target.js';
import { junkString } from '../values.js';

const junkHeader = junkString.map(headerSafe).map((v) => v.slice(0, 200));

/** Unsigned, wrongly signed, stale, an unknown or malformed bearer key, or signed right over whatever the query and body hold. */
function headersFor(fx: FuzzFixtures, method: string, path: string, q: string, body: string): fc.Arbitrary<Record<string, string>> {
  const now = Math.floor(Date.now() / 1000);
  const signed = (timestamp: string) => ({
    'x-client-key': fx.clientKey,
    'x-timestamp': timestamp,
    'x-signature': requestSignature(fx.password, { method, path, query: q.replace(/^\?/, ''), timestamp, body }),
  });
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(signed(String(now))) },
    { weight: 1, arbitrary: fc.constant(signed(String(now - 3600))) },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(junkHeader, fc.stringMatching(/^(sk|rk)_(live|test)_[A-Za-z0-9_-]{43}$/))
        .map((k) => ({ authorization: `Bearer ${k}` })),
    },
    {
      weight: 2,
      arbitrary: fc.record(
        {
          'x-client-key': fc.oneof(fc.constant(fx.clientKey), junkHeader),
          'x-timestamp': fc.oneof(fc.constant(String(now)), junkHeader),
          'x-signature': fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), junkHeader),
        },
        { requiredKeys: [] },
      ),
    },
  );
}

function getTarget(path: string, pairs: Record<string, fc.Arbitrary<string>>): FuzzTarget {
  return {
    name: `GET ${path}`,
    route: `GET ${path}`,
    group: 'merchant-api',
    family: 'checkout-api',
    requests: (fx) =>
      query(pairs).chain((q) =>
        headersFor(fx, 'GET', path, q, '').map((headers): FuzzRequest => ({ method: 'GET', path: path + q, headers })),
      ),
  };
}

const count = fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), fc.constantFrom('', '1e3', '0x10', 'NaN'));
const instant = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('', 'yesterday', '2026-13-45T99:00:00Z'),
);
// `wait` stays short: a long poll that waits its full 20 s is the route working, not a slow answer to bad input.
const shortWait = fc.constantFrom('0', '1', '', '-1', 'abc');

const clockBody = fc
  .oneof(
    fc.record({ advance_by: fc.oneof(fc.constantFrom('1d', '3600', 'P1D', '-1d', ''), fc.integer().map(String)) }, { requiredKeys: [] }),
    fc.record({ set: instant }, { requiredKeys: [] }),
    fc.record({ reset: fc.oneof(fc.boolean(), fc.constantFrom('true', 1, null)) }, { requiredKeys: [] }),
    fc.anything().map((v) => (v === undefined ? {} : v)),
  )
  .map((v) => JSON.stringify(v));

export const merchantApiTargets: FuzzTarget[] = [
  {
    name: 'GET /api/v1/merchant/payments/{transId}',
    route: 'GET /api/v1/merchant/payments/{transId}',
    group: 'merchant-api',
    family: 'checkout-api',
    requests: (fx) =>
      fc
        .oneof(
          fc.uuid(),
          junkString.map((s) => encodeURIComponent(s.slice(0, 300)) || 'x'),
        )
        .chain((id) => {
          const path = `/api/v1/merchant/payments/${id}`;
          return headersFor(fx, 'GET', path, '', '').map((headers): FuzzRequest => ({ method: 'GET', path, headers }));
        }),
  },
  getTarget('/api/v1/merchant/callbacks', { since: instant, limit: count }),
  getTarget('/api/v1/merchant/callbacks/next', { after: junkString.map((s) => s.slice(0, 200)), wait: shortWait, limit: count }),
  getTarget('/api/v1/merchant/clock', {}),
  getTarget('/api/v1/merchant/balance', {}),
  getTarget('/api/v1/merchant/settlements', { limit: count, cursor: junkString.map((s) => s.slice(0, 300)) }),
  {
    name: 'GET /api/v1/merchant/settlements/{id}',
    route: 'GET /api/v1/merchant/settlements/{id}',
    group: 'merchant-api',
    family: 'checkout-api',
    requests: (fx) =>
      fc
        .oneof(
          fc.constant(`${fx.clientKey}_2026-12-07_USD`),
          fc.constant(`other_2026-12-07_USD`),
          junkString.map((s) => encodeURIComponent(s.slice(0, 300)) || 'x'),
        )
        .chain((id) => {
          const path = `/api/v1/merchant/settlements/${id}`;
          return headersFor(fx, 'GET', path, '', '').map((headers): FuzzRequest => ({ method: 'GET', path, headers }));
        }),
  },
  getTarget('/api/v1/merchant/reports/transactions', {
    from: instant,
    to: instant,
    format: fc.constantFrom('csv', 'json', '', 'xml'),
    limit: count,
    cursor: junkString.map((s) => s.slice(0, 300)),
  }),
  {
    name: 'POST /api/v1/merchant/clock',
    route: 'POST /api/v1/merchant/clock',
    group: 'merchant-api',
    family: 'checkout-api',
    requests: (fx) =>
      clockBody.chain((body) =>
        headersFor(fx, 'POST', '/api/v1/merchant/clock', '', body).map((headers): FuzzRequest => ({
          method: 'POST',
          path: '/api/v1/merchant/clock',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        })),
      ),
  },
];
