/**
 * Providers' notifications (POST /providers/{provider}/notifications): JSON bodies about known and unknown payments,
 * every status, unsigned, wrongly signed or with a junk signature, and unknown providers. None may be a 5xx; a
 * wrong signature is a 401 in the protocol's error format.
 */
import fc from 'fast-check';
import type { FuzzTarget } from '../target.js';
import { bodyRequest } from '../bodies.js';

const statuses = fc.constantFrom('executed', 'rejected', 'pending', 'ACSC', 'RJCT', 'paid', 'failed', 'EXECUTED', '', 'toString');

export const providerTargets: FuzzTarget[] = [
  {
    name: 'POST /providers/{provider}/notifications',
    route: 'POST /providers/{provider}/notifications',
    group: 'providers',
    family: 's2s',
    requests: (fx) =>
      bodyRequest({
        method: 'POST',
        path: fc.constantFrom('/providers/sandbox/notifications', '/providers/nobody/notifications', '/providers/constructor/notifications'),
        kind: 'json',
        fields: fc.record(
          { reference: fc.constantFrom(fx.apmTransId, fx.apmRedirect.transId, fx.sale.transId, '00000000-0000-4000-8000-000000000000', 'x'), status: statuses },
          { requiredKeys: [] },
        ),
        headers: fc.oneof(
          fc.constant({}),
          fc.record({ 'x-provider-signature': fc.oneof(fc.string({ maxLength: 80 }), fc.stringMatching(/^[0-9a-f]{64}$/)) }),
        ),
      }),
  },
];
