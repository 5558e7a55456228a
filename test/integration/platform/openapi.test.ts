/**
 * The reference as the platform serves it: GET /openapi.json (the committed, generated document), GET /docs and its
 * renderer from the platform itself (no CDN); and a cross-check that the required fields the document derives from
 * the field readers are the ones the running platform reports blank for an empty request of each action.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { OpenPayments } from '@open-payments/node';
import { CHECKOUT_ANSWERS } from '../../../scripts/openapi/answers.js';
import { apmCredit2VirtualHash } from '../../../shared/protocol/signature.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { queueDrained } from '../../support/drained.js';
import { CARD, EMAIL, PAYOUT_CARD, apmSale, sale, uid } from '../sdk-node/support.js';
import { card, postPage, returnQuery } from '../checkout/support.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { OPENAPI_PATH } from '../../../scripts/openapi/generate.js';
import { specReads } from '../../../scripts/openapi/spec-reads.js';
import { S2S_CARD_ACTIONS } from '../../../shared/operations/s2s-card/index.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

const doc = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as {
  components: { schemas: Record<string, { properties?: Record<string, { const?: string }>; required?: string[] }> };
};

it('serves the generated document at /openapi.json', async () => {
  const res = await fetch(`${platform.url}/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(await res.json()).toEqual(JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')));
});

it('renders it at /docs with the renderer the platform serves itself', async () => {
  const page = await fetch(`${platform.url}/docs`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("from './docs/redoc.standalone.js'");
  expect(html).toContain("'./openapi.json'");
  expect(html).not.toMatch(/https?:\/\//);
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  const script = await fetch(`${platform.url}/docs/redoc.standalone.js`);
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toContain('javascript');
  expect(await script.text()).toContain('export{RedocStandalone,hydrate,init}');
});

it('documents as required exactly the fields the platform reports blank, for every S2S action', async () => {
  const mismatches: string[] = [];
  for (const [path, prefix] of [
    ['/post', 'S2sCard'],
    ['/post-va', 'S2sApm'],
  ] as const) {
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      if (!name.startsWith(prefix) || !schema.properties?.action?.const) continue;
      const action = schema.properties.action.const;
      const res = await postForm(`${platform.url}${path}`, { action, client_key: merchant.clientKey });
      const blank = ((res.body.errors ?? []) as Array<{ error_message: string }>)
        .map((e) => e.error_message)
        .filter((m) => m.endsWith(': This value should not be blank.'))
        .map((m) => m.slice(0, m.indexOf(':')));
      const documented = (schema.required ?? []).filter((f) => f !== 'action' && f !== 'client_key');
      // Every blank the platform reports is documented as required, and vice versa (S2S APM brands add their own
      // required fields once a brand is known; with no brand, none).
      if ([...new Set(blank)].sort().join() !== [...new Set(documented)].sort().join())
        mismatches.push(`${path} ${action}: platform ${blank} vs document ${documented}`);
    }
  }
  expect(mismatches).toEqual([]);
});

it('declares as required exactly the fields a variant of an S2S CARD action reports blank (a wallet SALE)', async () => {
  const mismatches: string[] = [];
  for (const [action, { variants = {} }] of S2S_CARD_ACTIONS)
    for (const [name, spec] of Object.entries(variants)) {
      // The variant's own key fields are sent (a wallet SALE: digital_wallet), so the platform takes that branch.
      const res = await postForm(`${platform.url}/post`, { action, client_key: merchant.clientKey, digital_wallet: 'googlepay' });
      const blank = ((res.body.errors ?? []) as Array<{ error_message: string }>)
        .map((e) => e.error_message)
        .filter((m) => m.endsWith(': This value should not be blank.'))
        .map((m) => m.slice(0, m.indexOf(':')));
      const declared = specReads(spec)
        .filter((r) => r.kind === 'required' && r.name !== 'digital_wallet')
        .map((r) => r.name);
      if ([...new Set(blank)].sort().join() !== [...new Set(declared)].sort().join())
        mismatches.push(`${action} (${name}): platform ${blank} vs declared ${declared}`);
    }
  expect(mismatches).toEqual([]);
});

/**
 * The documented answers are the real ones: every S2S CARD, S2S APM and Checkout action is called through the SDK
 * (a recording fetch keeps each raw answer), and each answer, success or refusal, must validate against the schema
 * the committed document gives for its path and HTTP status; every callback the merchant receives must validate
 * against its webhook's schema. The schemas are strict (no field the document does not name), so a builder that
 * sends a new field fails here until its zod object (and so the document) has it.
 */
describe('answers and callbacks match the document', () => {
  type Recorded = { path: string; status: number; body: unknown; action?: string };
  const recorded: Recorded[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const sent = typeof init?.body === 'string' ? init.body : '';
    const action = sent.startsWith('{') ? undefined : (new URLSearchParams(sent).get('action') ?? undefined);
    const text = await res.clone().text();
    try {
      recorded.push({ path: url.pathname, status: res.status, body: JSON.parse(text), action });
    } catch {
      recorded.push({ path: url.pathname, status: res.status, body: text, action });
    }
    return res;
  };
  let shop: MerchantServer;
  let m: Merchant;
  const apmTransIds = new Set<string>();

  beforeAll(async () => {
    shop = await startMerchantServer();
    m = await testMerchant({ notificationUrl: shop.url });
  });
  afterAll(() => shop?.close());

  const full = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as {
    paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
    webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>;
    components: object;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (key: string, schema: object) => {
    if (!compiled.has(key)) compiled.set(key, ajv.compile({ ...schema, components: full.components }));
    return compiled.get(key)!;
  };
  const problems = (v: ValidateFunction) =>
    (v.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`).join('; ');

  it('every action answers as documented', async () => {
    const op = new OpenPayments({
      baseUrl: platform.url,
      clientKey: m.clientKey,
      password: m.password,
      retry: { baseDelayMs: 20 },
      fetch: recordingFetch,
    });
    const keys = { payer_email: EMAIL, card_number: CARD };
    const quiet = <T>(p: Promise<T>) => p.catch(() => undefined);

    // S2S CARD: payments, follow-ups, lookups, recurring, payouts, schedules, refusals.
    const s = await op.card.sale(sale('01', { recurring_init: 'Y', req_token: 'Y' }));
    await op.card.sale(sale('02'));
    await op.card.sale(sale('05'));
    const a = await op.card.auth(sale('01'));
    await op.card.capture({ trans_id: a.trans_id!, amount: '4.00' }, keys);
    await op.card.creditvoid({ trans_id: s.trans_id!, amount: '1.00' }, keys);
    await op.card.getTransStatus({ trans_id: s.trans_id! }, keys);
    await op.card.getTransDetails({ trans_id: s.trans_id! }, keys);
    await op.card.getTransStatusByOrder({ order_id: s.order_id! }, keys);
    await op.card.void({ trans_id: (await op.card.sale(sale('01'))).trans_id! }, keys);
    const rec = {
      order_id: uid('R'),
      order_amount: '5.00',
      order_description: 'Renewal',
      recurring_first_trans_id: s.trans_id!,
      recurring_token: s.recurring_token!,
    };
    await op.card.recurringSale(rec as never, keys);
    await quiet(op.card.recurringDebit({ ...rec, order_id: uid('RD') } as never, keys));
    await op.card.debit(sale('01'));
    await op.card.credit2card({
      order_id: uid('P'),
      order_amount: '25.00',
      order_currency: 'USD',
      order_description: 'Payout',
      card_number: PAYOUT_CARD,
      expiry: '01/2038',
    } as never);
    await op.card.card2card({
      order_id: uid('C'),
      order_amount: '15.00',
      order_currency: 'USD',
      order_description: 'Transfer',
      payer_card_number: CARD,
      payer_card_exp_month: '01',
      payer_card_exp_year: '2038',
      payer_card_cvv2: '123',
      payee_card_number: PAYOUT_CARD,
      payer_email: EMAIL,
      payer_ip: '203.0.113.7',
      term_url_3ds: 'https://shop.example/return',
    });
    await quiet(op.card.retry({ trans_id: s.trans_id! }, keys));
    await quiet(op.card.capture({ trans_id: s.trans_id! }, keys));
    const created = await op.card.createSchedule({ name: 'Monthly', interval_length: 1, interval_unit: 'month', payments_count: 3 });
    const schedule_id = created.schedule_id as string;
    await op.card.scheduleInfo({ schedule_id });
    await op.card.updateSchedule({ schedule_id, name: 'Monthly plan' });
    await op.card.pauseSchedule({ schedule_id });
    await op.card.runSchedule({ schedule_id });
    const chained = await op.card.sale(sale('01', { recurring_init: 'Y', schedule_id }));
    await op.card.deschedule({ schedule_id, recurring_token: chained.recurring_token! });
    await op.card.deleteSchedule({ schedule_id });
    await quiet(op.card.sale(sale('01', { order_amount: '10' })));

    // S2S APM: every flow's first answer, follow-ups, payouts, refusals.
    const apm = await op.apm.sale(apmSale());
    await op.apm.sale(apmSale('fail@gmail.com'));
    await op.apm.sale(apmSale('redirect@gmail.com'));
    const crypto = await op.apm.sale({
      ...apmSale(),
      brand: 'crypto',
      identifier: undefined,
      extra: { parameters: { payment_currency: 'BTC' } },
    } as never);
    await op.apm.getTransStatus({ trans_id: apm.trans_id! });
    await op.apm.creditvoid({ trans_id: apm.trans_id!, amount: '1.00' });
    await op.apm.void({ trans_id: (await op.apm.sale(apmSale())).trans_id! });
    const held = await op.apm.sale({ ...apmSale(), extra: { auth: 'Y' } });
    await op.apm.capture({ trans_id: held.trans_id!, amount: '4.00' });
    await op.apm.credit2virtual({ ...apmSale(), order_amount: '25.00', return_url: undefined } as never);
    // CREDIT2CRYPTO has no SDK method yet: the form as the document describes it.
    const payout = { order_id: uid('CC'), order_amount: '25.00', order_currency: 'USD', order_description: 'Withdrawal' };
    const c2c = await postForm(`${platform.url}/post-va`, {
      action: 'CREDIT2CRYPTO',
      client_key: m.clientKey,
      brand: 'crypto_payout',
      ...payout,
      payer_ip: '203.0.113.7',
      parameters: { address: 'bc1qexample', currency: 'BTC', network: 'BTC' },
      hash: apmCredit2VirtualHash({
        orderId: payout.order_id,
        orderAmount: payout.order_amount,
        orderCurrency: payout.order_currency,
        password: m.password,
      }),
    });
    recorded.push({ path: '/post-va', status: c2c.status, body: c2c.body, action: 'CREDIT2CRYPTO' });
    await op.apm.debit2virtual(apmSale());
    const calc = await op.apm.debit2virtualCalc({ ...apmSale(), order_amount: '50.00' });
    await op.apm.debit2virtualComplete({ trans_id: calc.trans_id! });
    await quiet(op.apm.sale({ ...apmSale(), brand: 'nosuchbrand' }));
    for (const r of recorded)
      if (r.path === '/post-va' && typeof (r.body as { trans_id?: unknown }).trans_id === 'string')
        apmTransIds.add((r.body as { trans_id: string }).trans_id);
    expect(crypto).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });

    // Checkout: session, a page payment, its operations, a recurring charge, a card credit, refusals.
    const order = () => ({ number: uid('o'), amount: '10.00', currency: 'USD', description: 'Blue T-shirt' });
    const pay = async (over: Record<string, unknown> = {}) => {
      const { redirect_url } = await op.checkout.createSession({
        operation: 'purchase',
        order: order(),
        success_url: 'https://shop.example/s',
        customer: { name: 'John Doe', email: EMAIL },
        ...over,
      } as never);
      return returnQuery((await postPage(`${redirect_url}/pay`, card('01/38'))).html).payment_id!;
    };
    const paid = await pay({ recurring_init: true, req_token: true });
    await op.checkout.status({ payment_id: paid });
    await op.checkout.refund({ payment_id: paid, amount: '1.00' });
    await op.checkout.void({ payment_id: await pay() });
    await op.checkout.capture({ payment_id: await pay({ auth: true }), amount: '4.00' });
    await quiet(op.checkout.retry({ payment_id: paid }));
    const initial = await eventually(() => shop.received.find((c) => c.fields.id === paid && c.fields.recurring_token));
    await op.checkout.recurring({
      recurring_init_trans_id: paid,
      recurring_token: initial.fields.recurring_token as string,
      order: { number: uid('r'), amount: '3.00', description: 'Renewal' },
    });
    const cardToken = (await eventually(() => shop.received.find((c) => c.fields.id === paid && c.fields.card_token))).fields
      .card_token as string;
    await op.checkout.cardCredit({
      order_id: uid('cc'),
      order_amount: '5.00',
      order_currency: 'USD',
      order_description: 'Winnings',
      card_token: cardToken,
    });
    await quiet(op.checkout.status({ payment_id: '00000000-0000-4000-8000-000000000000' }));

    const failures: string[] = [];
    for (const r of recorded) {
      const responses = full.paths[r.path]?.post?.responses;
      const documented = responses?.[String(r.status)] ?? responses?.[`${String(r.status)[0]}XX`];
      const schema = documented?.content?.['application/json']?.schema;
      if (!schema) {
        failures.push(`${r.path} ${r.action ?? ''} ${r.status}: no documented answer`);
        continue;
      }
      const v = validator(`${r.path} ${r.status}`, schema);
      if (!v(r.body)) failures.push(`${r.path} ${r.action ?? ''} ${r.status}: ${problems(v)} in ${JSON.stringify(r.body)}`);
    }
    expect(failures).toEqual([]);

    // Coverage: every documented S2S action and Checkout operation was answered.
    const answered = new Set(
      recorded.map((r) => `${r.path === '/post-va' ? 'S2sApm' : r.path === '/post' ? 'S2sCard' : r.path} ${r.action ?? ''}`.trim()),
    );
    const actions = Object.entries(doc.components.schemas)
      .filter(([name, schema]) => /^S2s(Card|Apm)/.test(name) && schema.properties?.action?.const)
      .map(([name, schema]) => `${name.startsWith('S2sApm') ? 'S2sApm' : 'S2sCard'} ${schema.properties!.action!.const}`);
    const checkoutPaths = Object.keys(CHECKOUT_ANSWERS).filter((p) => !p.startsWith('/api/v1/processing/'));
    expect([...actions, ...checkoutPaths].filter((k) => !answered.has(k))).toEqual([]);
  }, 120_000);

  it('every callback the merchant received is the documented shape', async () => {
    // The earlier tests' callbacks all consumed from the queue: each one delivered is here to be checked.
    await queueDrained(platform, 'callbacks');
    const webhook = (name: string) => full.webhooks[name]!.post.requestBody.content['application/x-www-form-urlencoded']!.schema;
    const failures: string[] = [];
    expect(shop.received.length).toBeGreaterThan(20);
    for (const c of shop.received) {
      const kind =
        'id' in c.fields ? 'checkoutCallback' : apmTransIds.has(c.fields.trans_id as string) ? 's2sApmCallback' : 's2sCardCallback';
      const v = validator(kind, webhook(kind));
      if (!v(c.fields)) failures.push(`${kind}: ${problems(v)} in ${JSON.stringify(c.fields)}`);
    }
    expect(failures).toEqual([]);
  });
});
