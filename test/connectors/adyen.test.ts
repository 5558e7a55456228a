/**
 * The connector kit (kit.ts) for Adyen, against Prism serving Adyen's own Checkout API v71 with request validation on
 * (test/support/adyen-prism.ts), the fault-injecting proxy between the connector's transport and Prism.
 */
import { deps } from '../../shared/entry/composition/deps.js';
import { adyenConnector } from '../../shared/adapters/connectors/adyen.js';
import { acquirerAddressRules } from '../../shared/adapters/connectors/http-transport.js';
import { startAdyenPrism, type AdyenPrism } from '../support/adyen-prism.js';
import { adyenWebhook, HMAC_KEY, MERCHANT_ACCOUNT } from '../support/adyen-platform.js';
import { SANDBOX_CARD } from '../support/s2s.js';
import { connectorKit } from './kit.js';

let adyen: AdyenPrism;
/** pspReference of the document's card-direct example: the payment Adyen made, whether or not its answer arrived. */
const CARD_DIRECT_PSP = '993617895204576J';
/** The examples of Adyen's document the next payment is answered with. */
const EXAMPLES: Record<'approved' | '3ds', (path: string) => string | undefined> = {
  approved: (path) => (path === '/payments' ? 'example=card-direct' : undefined),
  '3ds': (path) =>
    path === '/payments' ? 'example=card-3d-secure-redirect' : path === '/payments/details' ? 'example=00.redirect' : undefined,
};

connectorKit({
  name: 'adyen',
  // No inquiry: Adyen's webhooks settle what got no answer (docs/connectors.md "Adyen").
  capabilities: { network: true, threeDs: true, inquiry: 'none', followUps: 'pending', webhooks: true, lateApproval: true },
  async start() {
    adyen = await startAdyenPrism();
  },
  target: () => adyen.url,
  connector: (platform) =>
    adyenConnector({
      credentials: deps().secrets['merchant-secrets'],
      transport: adyen.transport,
      rules: acquirerAddressRules('sandbox'),
      publicBaseUrl: platform.url,
    }),
  mid: (url) => ({
    connector: 'adyen',
    connectorSettings: { url: url!, merchantAccount: MERCHANT_ACCOUNT },
    credentials: { api_key: 'test-api-key', hmac_key: HMAC_KEY },
  }),
  next(scenario) {
    adyen.prefer = EXAMPLES[scenario === '3ds' ? '3ds' : 'approved'];
    // The document has no Refused example: Adyen's Refused answer about the payment asked for.
    const refusal = scenario === 'declined' ? 'Not enough balance' : scenario === 'soft-declined' ? 'Issuer Unavailable' : undefined;
    adyen.answer = refusal
      ? (path, r) =>
          path === '/payments'
            ? {
                resultCode: 'Refused',
                refusalReason: refusal,
                pspReference: 'K8Q2V5X9N3B7M4R1',
                merchantReference: r.json.reference,
                amount: r.json.amount,
              }
            : undefined
      : () => undefined;
    return {
      number: SANDBOX_CARD,
      expMonth: scenario === 'soft-declined' ? '04' : '03',
      expYear: scenario === 'soft-declined' ? '2038' : '2030',
      cvv: '737',
      holder: 'Jane Doe',
    };
  },
  // Adyen sends the payer back with its redirectResult.
  authenticate: async () => ({ redirectResult: 'X6XtfGC3!Y...' }),
  duplicateRefusal: {
    status: 422,
    body: { status: 422, errorCode: '704', message: 'request already processed or in progress', errorType: 'validation' },
  },
  answerAboutAnother(field, call) {
    const asked = call === 'pay' ? '/payments' : '/payments/details';
    adyen.answer = (path, r) => {
      if (path !== asked) return undefined;
      adyen.answer = () => undefined;
      // A completion names the payment whose redirectResult the payer brought (ours, by its Idempotency-Key).
      const reference = call === 'pay' ? (r.json.reference as string) : String(r.headers['idempotency-key']).replace(/:details$/, '');
      const ours = adyen.sent.find((s) => s.path === '/payments' && s.json.reference === reference)?.json.amount as {
        value: number;
        currency: string;
      };
      return {
        resultCode: 'Authorised',
        pspReference: 'L7W3XK9Q2B5N8R4T',
        merchantReference: field === 'reference' ? 'f3c2a1b0-0000-4000-8000-00000000beef' : reference,
        amount: { value: field === 'amount' ? ours.value * 100 : ours.value, currency: field === 'currency' ? 'EUR' : ours.currency },
      };
    };
  },
  slug: 'adyen',
  /** Adyen's standard webhook, one item signed with the MID's HMAC key. */
  async webhook(p, event) {
    const amount = { value: p.amount, currency: p.currency };
    const item =
      event === 'authorised'
        ? { pspReference: p.rrn ?? CARD_DIRECT_PSP, merchantReference: p.transId, amount, eventCode: 'AUTHORISATION', success: 'true' }
        : {
            pspReference: '993617894906488A',
            originalReference: p.rrn!,
            merchantReference: `${p.transId}.capture`,
            amount,
            eventCode: 'CAPTURE',
            success: 'true',
          };
    return { body: adyenWebhook(item), headers: { 'content-type': 'application/json' } };
  },
  movesMoney: (r) => r.method === 'POST',
  violations: () => adyen.violations,
  stop: () => adyen?.stop(),
});
