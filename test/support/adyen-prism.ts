/**
 * Prism (@stoplight/prism-cli) mocking Adyen's own Checkout API description (../shared/specs/adyen/CheckoutService-v71.json,
 * unchanged) with request validation on (--errors), and the production Adyen transport wrapped for tests: Prism's
 * Prefer header in (the outcome a test picks), every request recorded, and any answer carrying Prism's sl-violations
 * header refused, so every request the connector sends must be valid for Adyen's schema.
 *
 * The document's examples name placeholder payments (merchantReference "string", reference "YOUR_UNIQUE_REFERENCE",
 * EUR 20.00); Adyen's real answers name the payment the request is about, and the connector's answers are bound to
 * their payment (shared/adapters/connectors/answer-binding.ts). So a 2xx example answer is given the request's payment
 * (namingThePayment: its reference, amount, and for a follow-up the payment's pspReference from the path), and checked
 * against the document's schema again. A test's own `answer` is passed as it is: that is how a test gives an answer
 * about another payment.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { REPO_ROOT } from '../../scripts/local/handlers.js';
import { adyenTransport, type AdyenTransport } from '../../shared/adapters/connectors/adyen-transport.js';
import { acquirerAddressRules } from '../../shared/adapters/connectors/http-transport.js';
import { startPrismProcess } from './prism-process.js';
import { INJECTED_FAULT_HEADER } from './fault-proxy.js';

const SPEC = join(REPO_ROOT, '..', 'shared', 'specs', 'adyen', 'CheckoutService-v71.json');

export interface SentRequest {
  path: string;
  headers: Record<string, string>;
  json: any;
  status: number;
}

export interface AdyenPrism {
  url: string;
  /** Every request that reached Prism, in order. */
  sent: SentRequest[];
  /** Prism's validation findings on any request (a test expects none). */
  violations: string[];
  /** The Prefer header for the next requests, by Adyen path (`/payments`, `/payments/details` ...). */
  prefer: (path: string) => string | undefined;
  /**
   * An answer the document's examples do not hold (a redirect by POST: v71's examples only redirect by GET; an answer
   * about another payment), by Adyen path and request: it replaces the body of Prism's 2xx once the request passed
   * Prism's validation, as it is, and must itself be valid for the document's schema of that answer, or the call fails.
   */
  answer: (path: string, request: Pick<SentRequest, 'headers' | 'json'>) => Record<string, unknown> | undefined;
  transport: AdyenTransport;
  stop(): void;
}

export async function startAdyenPrism(): Promise<AdyenPrism> {
  const { url, stop } = await startPrismProcess(SPEC);
  const real = adyenTransport(acquirerAddressRules('sandbox'));
  const mock: AdyenPrism = {
    url,
    sent: [],
    violations: [],
    prefer: () => undefined,
    answer: () => undefined,
    transport: async (target, call, signal) => {
      const path = new URL(target).pathname;
      const choice = mock.prefer(path);
      const res = await real(target, { ...call, headers: { ...call.headers, ...(choice ? { prefer: choice } : {}) } }, signal);
      mock.sent.push({ path, headers: call.headers, json: call.json, status: res.status });
      const violation = res.headers['sl-violations'];
      if (violation) {
        mock.violations.push(`${path}: ${String(violation)}`);
        throw new Error(`Prism found the request to ${path} invalid: ${String(violation)}`);
      }
      // The network's answer (test/support/fault-proxy.ts), not Adyen's: the connector gets it as it is.
      if (res.headers[INJECTED_FAULT_HEADER]) return res;
      const ok = res.status >= 200 && res.status < 300;
      const replaced = ok ? (mock.answer(path, call) ?? namingThePayment(path, call, res.body, mock.sent)) : undefined;
      if (!replaced) return res;
      const valid = answerSchema(path, res.status);
      if (!valid(replaced)) {
        const why = `${path}: the answer the test gives is not valid for Adyen's schema: ${JSON.stringify(valid.errors)}`;
        mock.violations.push(why);
        throw new Error(why);
      }
      return { ...res, body: replaced };
    },
    stop,
  };
  return mock;
}

/**
 * Prism's example answer with the request's payment in it, as Adyen names it: /payments its merchantReference and
 * amount; /payments/details the payment whose step it completes (ours by its Idempotency-Key, trans_id:details) and
 * that payment's amount; a follow-up its reference, amount (when it has one) and the payment's pspReference; a
 * technical cancel (/cancels) the paymentReference it cancels.
 */
function namingThePayment(
  path: string,
  call: Pick<SentRequest, 'headers' | 'json'>,
  example: Record<string, unknown> | undefined,
  sent: SentRequest[],
): Record<string, unknown> | undefined {
  if (!example) return undefined;
  const { amount, ...rest } = example;
  if (path === '/payments') return { ...rest, merchantReference: call.json.reference, amount: call.json.amount };
  if (path === '/payments/details') {
    const transId = call.headers['idempotency-key']?.replace(/:details$/, '');
    const payment = sent.find((s) => s.path === '/payments' && s.json.reference === transId);
    return {
      ...rest,
      ...(transId ? { merchantReference: transId } : {}),
      ...(payment ? { amount: payment.json.amount } : amount ? { amount } : {}),
    };
  }
  // A technical cancel names the payment by our reference (paymentReference).
  if (path === '/cancels')
    return {
      ...rest,
      merchantAccount: call.json.merchantAccount,
      paymentReference: call.json.paymentReference,
      reference: call.json.reference,
    };
  const followUp = /^\/payments\/([^/]+)\/[a-z]+$/.exec(path);
  if (!followUp) return undefined;
  return {
    ...rest,
    merchantAccount: call.json.merchantAccount,
    paymentPspReference: decodeURIComponent(followUp[1]!),
    reference: call.json.reference,
    ...(call.json.amount ? { amount: call.json.amount } : {}),
  };
}

type AdyenDocument = { paths: Record<string, { post?: { responses?: Record<string, any> } }>; components: unknown };
/** Adyen's document and a validator holding its schemas, read once. */
let checker: { doc: AdyenDocument; ajv: Ajv2020 } | undefined;

/** The JSON schema of the document's `status` answer to POST `path` (`/payments/{paymentPspReference}/captures` matches `/payments/X/captures`). */
function answerSchema(path: string, status: number): ValidateFunction {
  if (!checker) {
    const doc = JSON.parse(readFileSync(SPEC, 'utf8')) as AdyenDocument;
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ $id: 'adyen', components: doc.components });
    checker = { doc, ajv };
  }
  const template = Object.keys(checker.doc.paths).find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  const ref: string | undefined = template
    ? checker.doc.paths[template]!.post?.responses?.[String(status)]?.content?.['application/json']?.schema?.$ref
    : undefined;
  const valid = ref ? checker.ajv.getSchema(`adyen${ref}`) : undefined;
  if (!valid) throw new Error(`no ${status} answer in Adyen's document for POST ${path}`);
  return valid;
}
