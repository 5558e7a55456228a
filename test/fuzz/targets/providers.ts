/**
 * Providers' notifications (POST /providers/{provider}/notifications): JSON bodies about known and unknown payments,
 * every status, unsigned, wrongly signed or with a junk signature, and unknown providers. None may be a 5xx; a
 * wrong signature is a 401 in the protocol's error format. Adyen's webhooks (answered in Adyen's own format) and the
 * payer's return from Adyen's pages must not fail either, nor Checkout.com's webhooks (signed in Cko-Signature) and the
 * payer's return from its 3DS page.
 */
import fc from 'fast-check';
import { bodyRequest } from '../bodies.js';
import { segment, type FuzzTarget as Target } from '../target.js';

const statuses = fc.constantFrom('executed', 'rejected', 'pending', 'ACSC', 'RJCT', 'paid', 'failed', 'EXECUTED', '', 'toString');

const adyenItem = (fx: { sale: { transId: string } }) =>
  fc.record(
    {
      pspReference: fc.oneof(fc.stringMatching(/^[A-Z0-9]{16}$/), fc.string({ maxLength: 40 })),
      merchantReference: fc.constantFrom(fx.sale.transId, `${fx.sale.transId}:capture`, 'x', ''),
      merchantAccountCode: fc.constantFrom('ShopECOM', ''),
      eventCode: fc.constantFrom('AUTHORISATION', 'CAPTURE', 'REFUND', 'CANCELLATION', 'toString', ''),
      success: fc.constantFrom('true', 'false', true, 'maybe'),
      amount: fc.record(
        { value: fc.oneof(fc.integer(), fc.constant('10')), currency: fc.constantFrom('USD', 'EUR', '') },
        { requiredKeys: [] },
      ),
      additionalData: fc.record(
        { hmacSignature: fc.oneof(fc.base64String({ maxLength: 60 }), fc.string({ maxLength: 60 })) },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );

const adyenReturn = (method: 'GET' | 'POST'): Target => ({
  name: `${method} /providers/adyen/return/{transId}`,
  route: `${method} /providers/adyen/return/{transId}`,
  group: 'providers',
  family: 'page',
  requests: (fx) =>
    method === 'GET'
      ? fc
          .tuple(
            segment([fx.sale.transId, '00000000-0000-4000-8000-000000000000']),
            fc.constantFrom('', '?redirectResult=abc', '?redirectResult=', '?redirectResult=%ZZ'),
          )
          .map(([id, q]) => ({ method, path: `/providers/adyen/return/${id}${q}`, headers: {} }))
      : segment([fx.sale.transId]).chain((id) =>
          bodyRequest({
            method,
            path: `/providers/adyen/return/${id}`,
            kind: 'form',
            fields: fc.record(
              { redirectResult: fc.string({ maxLength: 200 }), MD: fc.string({ maxLength: 50 }), PaRes: fc.string({ maxLength: 200 }) },
              { requiredKeys: [] },
            ),
          }),
        ),
});

export const providerTargets: Target[] = [
  {
    name: 'POST /providers/adyen/notifications',
    route: 'POST /providers/adyen/notifications',
    group: 'providers',
    // Adyen expects "[accepted]" and its own error answers, not the protocol's: only "never a 5xx" applies.
    family: 'page',
    requests: (fx) =>
      bodyRequest({
        method: 'POST',
        path: '/providers/adyen/notifications',
        kind: 'json',
        fields: fc.record(
          {
            live: fc.constantFrom('false', 'true', false, 1),
            notificationItems: fc.array(
              fc.oneof(
                adyenItem(fx).map((NotificationRequestItem) => ({ NotificationRequestItem })),
                adyenItem(fx),
              ),
              { maxLength: 3 },
            ),
          },
          { requiredKeys: [] },
        ),
      }),
  },
  adyenReturn('GET'),
  adyenReturn('POST'),
  {
    name: 'POST /providers/checkout-com/notifications',
    route: 'POST /providers/checkout-com/notifications',
    group: 'providers',
    family: 's2s',
    requests: (fx) =>
      bodyRequest({
        method: 'POST',
        path: '/providers/checkout-com/notifications',
        kind: 'json',
        fields: fc.record(
          {
            id: fc.string({ maxLength: 40 }),
            type: fc.constantFrom('payment_approved', 'payment_captured', 'payment_pending', 'toString', ''),
            data: fc.record(
              {
                id: fc.oneof(fc.stringMatching(/^pay_[a-z0-9]{26}$/), fc.string({ maxLength: 40 })),
                reference: fc.constantFrom(fx.sale.transId, `${fx.sale.transId}.capture`, 'x', ''),
                amount: fc.oneof(fc.integer(), fc.constant('10')),
              },
              { requiredKeys: [] },
            ),
          },
          { requiredKeys: [] },
        ),
        headers: fc.oneof(
          fc.constant({}),
          fc.record({ 'cko-signature': fc.oneof(fc.string({ maxLength: 80 }), fc.stringMatching(/^[0-9a-f]{64}$/)) }),
        ),
      }),
  },
  {
    name: 'GET /providers/checkout-com/return/{transId}',
    route: 'GET /providers/checkout-com/return/{transId}',
    group: 'providers',
    family: 'page',
    requests: (fx) =>
      fc
        .tuple(
          segment([fx.sale.transId, '00000000-0000-4000-8000-000000000000']),
          fc.constantFrom('', '?cko-session-id=sid_y3oqhf46pyzuxjbcn2giaqnb44', '?cko-session-id=%ZZ'),
        )
        .map(([id, q]) => ({ method: 'GET', path: `/providers/checkout-com/return/${id}${q}`, headers: {} })),
  },
  {
    name: 'POST /providers/{provider}/notifications',
    route: 'POST /providers/{provider}/notifications',
    group: 'providers',
    family: 's2s',
    requests: (fx) =>
      bodyRequest({
        method: 'POST',
        path: fc.constantFrom(
          '/providers/sandbox/notifications',
          '/providers/nobody/notifications',
          '/providers/constructor/notifications',
        ),
        kind: 'json',
        fields: fc.record(
          {
            reference: fc.constantFrom(fx.apmTransId, fx.apmRedirect.transId, fx.sale.transId, '00000000-0000-4000-8000-000000000000', 'x'),
            status: statuses,
          },
          { requiredKeys: [] },
        ),
        headers: fc.oneof(
          fc.constant({}),
          fc.record({ 'x-provider-signature': fc.oneof(fc.string({ maxLength: 80 }), fc.stringMatching(/^[0-9a-f]{64}$/)) }),
        ),
      }),
  },
];
