/**
 * The console API (/console/api/...): JSON bodies and queries, with no session, a junk session cookie or a junk CSRF
 * header. Without a valid session every route but sign-in and the session probe (/me) answers 401; none may be a 5xx, and every error is the
 * Checkout error body.
 */
import fc from 'fast-check';
import { ROUTES } from '../../../shared/entry/routes/index.js';
import type { FuzzTarget } from '../target.js';
import { bodyRequest } from '../bodies.js';
import { headerSafe, query, segment } from '../target.js';
import { junkString } from '../values.js';

// Query values stay well under Node's 16 KB request-line limit, whose 431 answer is the server's, not the platform's.
const short = junkString.map((v) => v.slice(0, 300));
const cookie = junkString.map(headerSafe).map((v) => v.slice(0, 2000));
const headers = fc.oneof(
  fc.constant({}),
  fc.record(
    {
      cookie: fc.oneof(
        cookie.map((c) => `console_session=${c}`),
        cookie,
      ),
      'x-csrf-token': junkString.map(headerSafe).map((v) => v.slice(0, 500)),
    },
    { requiredKeys: [] },
  ),
);
const fields = fc.record(
  {
    email: fc.oneof(fc.constantFrom('operator@example.com', 'nobody@example.com', ''), junkString),
    password: junkString,
    pending: junkString,
    new_password: junkString,
    code: fc.oneof(fc.stringMatching(/^\d{6}$/), junkString),
    amount: fc.constantFrom('1.00', '-1', 'abc', '99999999999'),
    idempotency_key: junkString,
    name: junkString,
    role: fc.constantFrom('operator', 'merchant-admin', 'merchant-viewer', 'root'),
    trans_id: junkString,
    callback: fc.oneof(junkString, fc.integer()),
    rotate: fc.boolean(),
    // Risk controls (docs/risk.md): blocklist entries, rules, thresholds, MID limits.
    scope: fc.constantFrom('platform', 'default', 'x'),
    type: fc.constantFrom('card', 'bin', 'email', 'ip', 'country', 'x'),
    value: fc.oneof(fc.constantFrom('203.0.113.0/24', '::/0', '411111', 'FR', 'a@b.c'), junkString),
    risk_rules: fc.oneof(
      fc.constant({ rules: [] }),
      fc.constant({ rules: [{ name: 'x', match: { minAmount: 'x' }, action: 'nuke' }] }),
      junkString,
    ),
    settings: fc.oneof(fc.constant({ ipDeclinedCards: 0, constructor: 5 }), fc.constant({ ipWindowSeconds: 1e12 }), junkString),
    // Fee schedules (docs/ledger.md "Fees"): `fees set`'s document, valid, wrong in every field, or not one at all.
    fees: fc.oneof(
      fc.constant({ rules: [{ action: 'capture', currency: 'USD', percent: '2.9', fixed: '0.30' }], reserve: { percent: '10', days: 90 } }),
      fc.constant({ rules: [{ action: 'sale', currency: 'usd', percent: '2,9', fixed: 1e30 }], reserve: { days: -1 }, constructor: 5 }),
      junkString,
    ),
    min_amount: fc.constantFrom('1.00', 'none', '-1', 'abc'),
    daily_cap: fc.constantFrom('0', '100000.00', 'none', '1e9'),
  },
  { requiredKeys: [] },
);

function pathOf(template: string, fx: Parameters<FuzzTarget['requests']>[0]): fc.Arbitrary<string> {
  const parts = template.split('/').map((p) => {
    if (p === '{transId}') return segment([fx.sale.transId]);
    if (p === '{clientKey}') return segment([fx.clientKey]);
    if (p === '{scheduleId}' || p === '{recurringToken}') return segment([fx.sale.transId]);
    if (p === '{email}') return segment(['operator@example.com']);
    if (p === '{action}')
      return fc.constantFrom('refund', 'void', 'capture', 'pause', 'resume', 'run-now', 'amount', 'inquire', 'disable', 'enable', 'x');
    if (p === '{wallet}') return fc.constantFrom('applepay', 'googlepay', 'x');
    // A blocklist entry's id is base64url JSON; a MID id a UUID: junk and near misses.
    if (p === '{id}') return segment([Buffer.from(JSON.stringify(['PLATFORM', 'ip', '203.0.113.7/32'])).toString('base64url'), 'x']);
    if (p === '{midId}') return segment([fx.sale.transId]);
    return fc.constant(p);
  });
  return fc
    .tuple(
      ...parts,
      query({
        client_key: fc.constantFrom(fx.clientKey, 'x'),
        scope: fc.constantFrom('default', 'x'),
        status: fc.constantFrom('SETTLED', 'x'),
        limit: fc.constantFrom('1', '-1', 'x'),
        cursor: short,
      }),
    )
    .map((a) => {
      const q = a.pop() as string;
      return `${a.join('/')}${q}`;
    });
}

export const consoleTargets: FuzzTarget[] = ROUTES.filter((r) => r.path.startsWith('/console/api/')).map((r) => ({
  name: `${r.method} ${r.path}`,
  route: `${r.method} ${r.path}`,
  group: 'console',
  family: 'checkout-api' as const,
  requests: (fx) =>
    r.method === 'GET'
      ? fc.tuple(pathOf(r.path, fx), headers).map(([p, h]) => ({ method: 'GET' as const, path: p, headers: h }))
      : bodyRequest({ method: r.method, path: pathOf(r.path, fx), kind: 'json', fields, headers }),
}));
