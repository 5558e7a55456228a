/**
 * The connector kit (kit.ts) for Checkout.com, against Prism serving Checkout.com's own API description with request
 * validation on (test/support/checkout-com-prism.ts: its small model of Checkout.com answers), the fault-injecting
 * proxy between the connector's transport and Prism.
 */
import { deps } from '../../shared/entry/composition/deps.js';
import { checkoutComConnector } from '../../shared/adapters/connectors/checkout-com.js';
import { acquirerAddressRules } from '../../shared/adapters/connectors/http-transport.js';
import { startCheckoutComPrism, CKO_3DS_PAGE, INSUFFICIENT_FUNDS, type CheckoutComPrism } from '../support/checkout-com-prism.js';
import { SANDBOX_CARD } from '../support/s2s.js';
import { eventSignature } from '../../shared/protocol/providers/checkout-com-webhook.js';
import { connectorKit } from './kit.js';

let cko: CheckoutComPrism;
const WEBHOOK_SECRET = 'cko-webhook-signature-key';

connectorKit({
  name: 'checkout-com',
  // Its inquiry asks by Checkout.com's payment id: a payment whose answer was lost waits for the webhook.
  capabilities: { network: true, threeDs: true, inquiry: 'acquirer-id', followUps: 'pending', webhooks: true, lateApproval: true },
  async start() {
    cko = await startCheckoutComPrism();
  },
  target: () => cko.url,
  connector: (platform) =>
    checkoutComConnector({
      credentials: deps().secrets['merchant-secrets'],
      transport: cko.transport,
      rules: acquirerAddressRules('sandbox'),
      publicBaseUrl: platform.url,
    }),
  mid: (url) => ({
    connector: 'checkout-com',
    connectorSettings: { url: url!, processingChannelId: 'pc_q4dbxom5jbgudnjzjpz7j2z6uq' },
    credentials: { secret_key: 'sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e', webhook_secret: WEBHOOK_SECRET },
  }),
  next(scenario) {
    cko.next = scenario === 'soft-declined' ? 'declined' : scenario;
    cko.decline = scenario === 'soft-declined' ? { code: '20005', summary: 'Declined - Do not honour' } : INSUFFICIENT_FUNDS;
    cko.override = undefined;
    return {
      number: SANDBOX_CARD,
      expMonth: scenario === 'soft-declined' ? '04' : '06',
      expYear: scenario === 'soft-declined' ? '2038' : '2030',
      cvv: '100',
      holder: 'Jane Doe',
    };
  },
  /** The payer passes Checkout.com's 3DS page; Checkout.com sends the payer back with its session id. */
  async authenticate(challenge) {
    const paymentId = challenge.redirect!.url.slice(`${CKO_3DS_PAGE}/`.length);
    cko.finish3ds(paymentId, true);
    return { 'cko-session-id': 'sid_y3oqhf46pyzuxjbcn2giaqnb44' };
  },
  duplicateRefusal: { status: 429, body: { request_id: 'req_1', error_type: 'request_invalid', error_codes: ['duplicate_request'] } },
  answerAboutAnother(field, call) {
    if (call === 'completion') {
      // Checkout.com's record of the payment, as another payment's (the document's GET /payments/{id} answer).
      cko.override = (method, path) => {
        const p = method === 'GET' ? cko.payments.get(path.slice('/payments/'.length)) : undefined;
        if (!p) return undefined;
        cko.override = undefined;
        const links = {
          self: { href: `https://api.sandbox.checkout.com/payments/${p.id}` },
          actions: { href: `https://api.sandbox.checkout.com/payments/${p.id}/actions` },
        };
        const other = { reference: 'f3c2a1b0-0000-4000-8000-00000000beef', amount: p.amount * 1000, currency: 'EUR' }[field];
        const body = {
          id: p.id,
          requested_on: p.requestedOn,
          amount: p.amount,
          currency: p.currency,
          reference: p.reference,
          approved: true,
          status: 'Captured',
          payment_type: 'Regular',
          _links: links,
        };
        return { status: 200, body: { ...body, [field]: other } };
      };
      return;
    }
    cko.override = (method, path, json: { reference: string }) => {
      if (method !== 'POST' || path !== '/payments') return undefined;
      cko.override = undefined;
      const now = new Date().toISOString();
      const id = 'pay_mbabizu24mvu3mela5njyhpit4';
      return {
        status: 201,
        body: {
          id,
          action_id: 'act_mbabizu24mvu3mela5njyhpit4',
          amount: field === 'amount' ? 105000 : 1050,
          currency: field === 'currency' ? 'EUR' : 'USD',
          approved: true,
          status: 'Captured',
          auth_code: '643381',
          response_code: '10000',
          response_summary: 'Approved',
          processed_on: now,
          reference: field === 'reference' ? 'f3c2a1b0-0000-4000-8000-00000000beef' : json.reference,
          _links: {
            self: { href: `https://api.sandbox.checkout.com/payments/${id}` },
            actions: { href: `https://api.sandbox.checkout.com/payments/${id}/actions` },
          },
        },
      };
    };
  },
  slug: 'checkout-com',
  /** Checkout.com's event, signed (Cko-Signature) with the MID's webhook secret; its payment id as the model has it. */
  async webhook(p, event) {
    const id = p.rrn ?? [...cko.payments.values()].find((x) => x.reference === p.transId)!.id;
    const data = { id, reference: event === 'captured' ? `${p.transId}.capture` : p.transId, amount: p.amount, currency: p.currency };
    const body = JSON.stringify({
      id: `evt_${id.slice(4)}`,
      type: event === 'captured' ? 'payment_captured' : 'payment_approved',
      created_on: new Date().toISOString(),
      data,
    });
    return { body, headers: { 'content-type': 'application/json', 'cko-signature': eventSignature(body, WEBHOOK_SECRET) } };
  },
  movesMoney: (r) => r.method === 'POST',
  violations: () => cko.violations,
  stop: () => cko?.stop(),
});
