/**
 * Prism (@stoplight/prism-cli) mocking Checkout.com's own API description (../shared/specs/checkout-com/swagger.json,
 * unchanged) with request validation on (--errors), and the production Checkout.com transport wrapped for tests:
 * every request recorded, and any request Prism finds invalid for the document refused (a test expects none).
 *
 * Prism's canned examples cannot answer about the payment asked for (their reference and amount are the document's,
 * so the connector rightly treats them as no answer), and some of the document's own examples break its own response
 * schemas (POST /payments 201, GET /payments/{id}/actions: numbers where strings are declared; Prism answers those 500
 * with the response's violations). So the answers come from a small model of Checkout.com kept here — payments and
 * their actions by id — each checked against the document's schema of that answer before the connector sees it,
 * after Prism validated the request. What Prism said about its own answers is kept in `documentFaults`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { REPO_ROOT } from '../../scripts/local/handlers.js';
import {
  checkoutComTransport,
  type CheckoutComAnswer,
  type CheckoutComTransport,
} from '../../shared/adapters/connectors/checkout-com-transport.js';
import { acquirerAddressRules } from '../../shared/adapters/connectors/http-transport.js';
import { startPrismProcess } from './prism-process.js';
import { INJECTED_FAULT_HEADER } from './fault-proxy.js';

export const CKO_SPEC = join(REPO_ROOT, '..', 'shared', 'specs', 'checkout-com', 'swagger.json');
/** Where the model sends the payer for 3DS (the document's 202 example only says "string"). */
export const CKO_3DS_PAGE = 'https://3ds2-sandbox.ckotech.co/interceptor/3ds_page';

export interface SentRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  json: any;
  status: number;
}

/** How the model answers the next POST /payments. */
export type PaymentChoice = 'approved' | 'declined' | '3ds' | 'duplicate' | 'server-error';

interface ModelPayment {
  id: string;
  reference: string;
  amount: number;
  currency: string;
  capture: boolean;
  status: string;
  approved: boolean;
  requestedOn: string;
  actions: Array<{ id: string; type: string; amount: number; reference?: string; approved: boolean; processed_on: string }>;
}

export interface CheckoutComPrism {
  url: string;
  sent: SentRequest[];
  /** Prism's findings on a request (a test expects none). */
  violations: string[];
  /** Prism's findings on the document's own example answers (not the connector's fault), by path. */
  documentFaults: string[];
  /** The next POST /payments' outcome ('approved' unless a test says otherwise). */
  next: PaymentChoice;
  /** A decline's response_code and response_summary (Insufficient Funds unless a test says otherwise). */
  decline: { code: string; summary: string };
  /** The model's payments, by Checkout.com's id. */
  payments: Map<string, ModelPayment>;
  /** The payer finished Checkout.com's 3DS page: the payment is authorised (and captured for a SALE), or declined. */
  finish3ds(paymentId: string, approved: boolean): void;
  /** The next POST to this path is processed by the model, but its answer is lost on the way back (a 502). */
  loseAnswerTo?: string;
  /** An answer the test gives instead of the model's for the next call to `path` (checked against the document too). */
  override?: (method: string, path: string, json: any) => { status: number; body: Record<string, unknown> } | undefined;
  transport: CheckoutComTransport;
  stop(): void;
}

export const INSUFFICIENT_FUNDS = { code: '20051', summary: 'Insufficient Funds' };

const id = (prefix: string) =>
  `${prefix}_${randomBytes(16)
    .toString('hex')
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)
    .slice(0, 26)}`;
const links = (p: { id: string }) => ({
  self: { href: `https://api.sandbox.checkout.com/payments/${p.id}` },
  actions: { href: `https://api.sandbox.checkout.com/payments/${p.id}/actions` },
});

export async function startCheckoutComPrism(): Promise<CheckoutComPrism> {
  const { url, stop } = await startPrismProcess(CKO_SPEC);
  const real = checkoutComTransport(acquirerAddressRules('sandbox'));

  const mock: CheckoutComPrism = {
    url,
    sent: [],
    violations: [],
    documentFaults: [],
    next: 'approved',
    decline: INSUFFICIENT_FUNDS,
    payments: new Map(),
    finish3ds(paymentId, approved) {
      const p = mock.payments.get(paymentId)!;
      p.approved = approved;
      p.status = approved ? (p.capture ? 'Captured' : 'Authorized') : 'Declined';
      p.actions.push({ id: id('act'), type: 'Authorization', amount: p.amount, approved, processed_on: new Date().toISOString() });
    },
    transport: async (target, call, signal) => {
      const path = new URL(target).pathname;
      let given = mock.override?.(call.method, path, call.json) ?? modelAnswer(mock, call.method, path, call.json);
      if (call.method === 'POST' && mock.loseAnswerTo && path.endsWith(mock.loseAnswerTo)) {
        mock.loseAnswerTo = undefined;
        given = { status: 502, body: {} };
      }
      // Prism validates the request; the status asked for makes it answer that status's example (or its own 500
      // when the document's example breaks the document's schema: recorded, and replaced below anyway).
      const res = await real(target, { ...call, headers: { ...call.headers, prefer: `code=${given.status}` } }, signal);
      mock.sent.push({ method: call.method, path, headers: call.headers, json: call.json, status: given.status });
      const found = violationsOf(res);
      const onRequest = found.filter((v) => v.location?.[0] === 'request');
      // Prism's own 401 (no credentials) or 404 (no such operation) when the model did not answer so: the request's fault.
      if (onRequest.length || (res.status === 401 && given.status !== 401) || (res.status === 404 && given.status !== 404)) {
        const why = `${call.method} ${path}: ${onRequest.length ? JSON.stringify(onRequest) : `Prism answered ${res.status}`}`;
        mock.violations.push(why);
        throw new Error(`Prism found the request invalid: ${why}`);
      }
      // The network's answer (test/support/fault-proxy.ts), not Checkout.com's: the connector gets it as it is.
      if (res.headers[INJECTED_FAULT_HEADER]) return res;
      if (found.length)
        mock.documentFaults.push(`${call.method} ${path}: ${found.map((v) => `${v.location?.join('.')}: ${v.message}`).join('; ')}`);
      const valid = answerSchema(call.method, path, given.status);
      if (valid && !valid(given.body) && documentAmbiguity(valid)) {
        // GET /payments/{id} answers oneOf PaymentDetails | PayoutDetails, and a Pending card payment's details are
        // valid for both branches: the document's fault, not the answer's (it is a valid PaymentDetails).
        mock.documentFaults.push(`${call.method} ${path}: ${JSON.stringify(valid.errors)}`);
      } else if (valid && !valid(given.body)) {
        const why = `${call.method} ${path}: the answer the test gives is not valid for the document's schema: ${JSON.stringify(valid.errors)}`;
        mock.violations.push(why);
        throw new Error(why);
      }
      return { status: given.status, headers: res.headers, body: Array.isArray(given.body) ? { items: given.body } : given.body };
    },
    stop,
  };
  return mock;
}

/** What Checkout.com would answer, from the model's payments. */
function modelAnswer(mock: CheckoutComPrism, method: string, path: string, json: any): { status: number; body: any } {
  const now = new Date().toISOString();
  if (method === 'POST' && path === '/payments') {
    const choice = mock.next;
    if (choice === 'duplicate')
      return { status: 429, body: { request_id: 'req_1', error_type: 'request_invalid', error_codes: ['duplicate_request'] } };
    if (choice === 'server-error') return { status: 502, body: {} };
    const p: ModelPayment = {
      id: id('pay'),
      reference: json.reference,
      amount: json.amount,
      currency: json.currency,
      capture: json.capture !== false,
      status: 'Pending',
      approved: false,
      requestedOn: now,
      actions: [],
    };
    mock.payments.set(p.id, p);
    if (choice === '3ds') {
      return {
        status: 202,
        body: {
          id: p.id,
          status: 'Pending',
          reference: p.reference,
          '3ds': { downgraded: false, enrolled: 'Y' },
          _links: { self: links(p).self, redirect: { href: `${CKO_3DS_PAGE}/${p.id}` } },
        },
      };
    }
    const approved = choice === 'approved';
    p.approved = approved;
    p.status = approved ? (p.capture ? 'Captured' : 'Authorized') : 'Declined';
    const actionId = id('act');
    p.actions.push({ id: actionId, type: 'Authorization', amount: p.amount, approved, processed_on: now });
    return {
      status: 201,
      body: {
        id: p.id,
        action_id: actionId,
        amount: p.amount,
        currency: p.currency,
        approved,
        status: p.status,
        ...(approved ? { auth_code: '643381' } : {}),
        response_code: approved ? '10000' : mock.decline.code,
        response_summary: approved ? 'Approved' : mock.decline.summary,
        processed_on: now,
        reference: p.reference,
        _links: links(p),
      },
    };
  }
  const m = /^\/payments\/([^/]+)(?:\/(captures|refunds|voids|actions))?$/.exec(path);
  const p = m ? mock.payments.get(m[1]!) : undefined;
  if (!m || !p) return { status: 404, body: {} };
  if (method === 'GET' && !m[2]) {
    return {
      status: 200,
      body: {
        id: p.id,
        requested_on: p.requestedOn,
        amount: p.amount,
        currency: p.currency,
        reference: p.reference,
        approved: p.approved,
        status: p.status,
        payment_type: 'Regular',
        _links: links(p),
      },
    };
  }
  if (method === 'GET') {
    return {
      status: 200,
      body: p.actions.map((a) => ({
        ...a,
        response_code: a.approved ? '10000' : '20051',
        response_summary: a.approved ? 'Approved' : 'Declined',
      })),
    };
  }
  const type = ({ captures: 'Capture', refunds: 'Refund', voids: 'Void' } as const)[m[2] as 'captures' | 'refunds' | 'voids'];
  const action = { id: id('act'), type, amount: json.amount ?? p.amount, reference: json.reference, approved: true, processed_on: now };
  p.actions.push(action);
  p.status = type === 'Capture' ? 'Captured' : type === 'Refund' ? 'Refunded' : 'Voided';
  return { status: 202, body: { action_id: action.id, reference: json.reference, _links: { payment: links(p).self } } };
}

/** The only finding is a oneOf that more than one of its branches matched (none failed): the document's ambiguity. */
function documentAmbiguity(valid: ValidateFunction): boolean {
  const errors = valid.errors ?? [];
  return (
    errors.length > 0 &&
    errors.every((e) => e.keyword === 'oneOf' && Array.isArray((e.params as { passingSchemas?: unknown }).passingSchemas))
  );
}

function violationsOf(res: CheckoutComAnswer): Array<{ location?: string[]; message?: string }> {
  const header = res.headers['sl-violations'];
  if (!header) return [];
  try {
    return JSON.parse(String(header)) as Array<{ location?: string[]; message?: string }>;
  } catch {
    return [{ message: String(header) }];
  }
}

type Document = { paths: Record<string, Record<string, { responses?: Record<string, any> }>>; components: unknown };
/** The document and a validator holding its schemas, read once. */
let checker: { doc: Document; ajv: Ajv2020; compiled: Map<string, ValidateFunction> } | undefined;

/** The JSON schema of the document's answer `status` to `method path`; undefined when it declares no body. */
function answerSchema(method: string, path: string, status: number): ValidateFunction | undefined {
  if (!checker) {
    const doc = JSON.parse(readFileSync(CKO_SPEC, 'utf8')) as Document;
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ $id: 'cko', components: doc.components });
    checker = { doc, ajv, compiled: new Map() };
  }
  const template = Object.keys(checker.doc.paths).find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  const response = template ? checker.doc.paths[template]![method.toLowerCase()]?.responses?.[String(status)] : undefined;
  if (!response) throw new Error(`no ${status} answer in Checkout.com's document for ${method} ${path}`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return undefined;
  const key = `${method} ${template} ${status}`;
  let valid = checker.compiled.get(key);
  // The document's $refs point into its components: resolve them against the schema registered above.
  if (!valid)
    checker.compiled.set(
      key,
      (valid = checker.ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"cko#/components/')))),
    );
  return valid;
}
