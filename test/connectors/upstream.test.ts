/**
 * The connector kit (kit.ts) for the upstream connector, with this platform as its own upstream: the kit's platform
 * also serves the upstream's /post, where a sandbox merchant of its own takes the payments. The fault-injecting
 * proxy sits between the connector and that /post.
 */
import type { RunningPlatform } from '../../scripts/local/platform.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { deps } from '../../shared/entry/composition/deps.js';
import { upstreamConnector } from '../../shared/adapters/connectors/upstream.js';
import { acquirerAddressRules, pinnedTransport } from '../../shared/adapters/connectors/http-transport.js';
import { encodeForm } from '../../shared/protocol/form.js';
import { postForm, testMerchant } from '../support/platform.js';
import { formula2 } from '../../shared/protocol/signature.js';
import { SANDBOX_CARD } from '../support/s2s.js';
import { connectorKit } from './kit.js';

// 04/2038: the upstream's sandbox declines it "Issuer unavailable." (soft); this platform's sandbox approves it later.
const EXPIRY = { approved: '01', declined: '02', '3ds': '05', 'soft-declined': '04' } as const;
const MONEY = ['SALE', 'CAPTURE', 'CREDITVOID', 'VOID', 'CREDIT2CARD'];
let platform: RunningPlatform;
let upstream: Merchant;

connectorKit({
  name: 'upstream',
  // A refund (CREDITVOID) is accepted, and decided by the upstream's callback. A late approval is voided (same day).
  capabilities: { network: true, threeDs: true, inquiry: 'reference', followUps: 'pending', webhooks: true, lateApproval: true },
  async start(p) {
    platform = p;
    upstream = await testMerchant();
  },
  target: () => platform.url,
  connector: () => {
    const rules = acquirerAddressRules('sandbox');
    return upstreamConnector({ credentials: deps().secrets['merchant-secrets'], transport: pinnedTransport(rules), rules });
  },
  mid: (url) => ({
    connector: 'upstream',
    connectorSettings: { url: url! },
    credentials: { client_key: upstream.clientKey, password: upstream.password },
  }),
  next: (scenario) => ({ number: SANDBOX_CARD, expMonth: EXPIRY[scenario], expYear: '2038', cvv: '123', holder: 'Jane Doe' }),
  /** The payer at the upstream's 3DS page: posts its redirect_params there and presses the button. */
  async authenticate(challenge) {
    const { url, params } = challenge.redirect!;
    const html = await (
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: encodeForm(params) })
    ).text();
    const action = /<form id="authenticate" method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    await (
      await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: encodeForm(fields) })
    ).text();
    return undefined;
  },
  // This platform's answer while an identical request holds its idempotency claim.
  duplicateRefusal: { status: 409, body: { result: 'ERROR', error_code: 400, error_message: 'The same request is being processed.' } },
  answerAboutAnother(field, call, proxy) {
    // An amount is read with its currency (a status answer names them only together, if at all).
    const change = {
      reference: { order_id: 'another-order' },
      amount: { amount: '1.05', currency: 'USD' },
      currency: { amount: '10.50', currency: 'EUR' },
    }[field];
    // A completion asks the upstream's status of the order (the payer's page decides nothing).
    const action = call === 'pay' ? 'SALE' : 'GET_TRANS_STATUS_BY_ORDER';
    proxy!.arm(
      { kind: 'rewrite', change: (json) => ({ ...json, ...change }) },
      (r) => new URLSearchParams(r.body).get('action') === action,
    );
  },
  slug: 'upstream',
  /** The upstream's callback, as this platform sends it: Formula 2 over its own trans_id (a prompt to ask it). */
  async webhook(p, event) {
    const hash = (id: string) => formula2({ email: 'doe@example.com', password: upstream.password, transId: id, cardNumber: SANDBOX_CARD });
    const status = await postForm(`${platform.url}/post`, {
      action: 'GET_TRANS_STATUS_BY_ORDER',
      client_key: upstream.clientKey,
      order_id: p.transId,
      hash: hash(p.transId),
    });
    const id = String(status.body.trans_id);
    const fields = {
      action: event === 'captured' ? 'CAPTURE' : 'SALE',
      result: 'SUCCESS',
      status: 'SETTLED',
      order_id: p.transId,
      trans_id: id,
      amount: '10.00',
      currency: p.currency,
      hash: hash(id),
    };
    return { body: encodeForm(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  },
  movesMoney: (r) => MONEY.includes(new URLSearchParams(r.body).get('action') ?? ''),
  violations: () => [],
  stop: () => undefined,
});
