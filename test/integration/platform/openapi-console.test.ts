/**
 * The console API answers as the OpenAPI document says: every console operation is called once on a real local
 * platform (signed in over HTTP, as the console's page is), and each answer must validate against the schema the
 * committed document gives for its operation and HTTP status. The schemas are strict (no field the document does
 * not name), so an operation that starts sending a new field fails here until scripts/openapi describes it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { OpenPayments } from '@open-payments/node';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { MerchantServer } from '../../support/merchant-server.js';
import { OPENAPI_PATH } from '../../../scripts/openapi/generate.js';
import { ROUTES } from '../../../shared/entry/routes/index.js';
import { eventually } from '../../support/platform.js';
import type { MerchantDay } from '../../../shared/operations/ledger/settle.js';
import { ledger } from '../../../shared/entry/composition/ledger.js';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { runSettlementsCommand } from '../../../scripts/admin/settlements.js';
import { silent } from '../../../scripts/admin/progress.js';
import { call, type ConsoleClient } from '../console/support.js';
import { sale } from '../console/payments.js';
import { startConsoleWorld, stopConsoleWorld } from '../console/world.js';
import { sale as sdkSale } from '../sdk-node/support.js';

let platform: RunningPlatform;
let shop: Merchant;
let callbacks: MerchantServer;
let operator: ConsoleClient;
let admin: ConsoleClient;

beforeAll(async () => {
  ({ platform, shop, callbacks, operator, admin } = await startConsoleWorld({
    operator: 'ops-doc@example.com',
    admin: 'admin-doc@shop.example',
  }));
});
afterAll(() => stopConsoleWorld({ platform, callbacks }));

interface Answer {
  id: string;
  status: number;
  body: unknown;
}

it('every console operation answers as documented', async () => {
  const answers: Answer[] = [];
  const record = async (id: string, p: Promise<{ status: number; body: unknown }>) => {
    const r = await p;
    answers.push({ id, status: r.status, body: r.body });
    return r as { status: number; body: any };
  };
  const key = shop.clientKey;

  // Sign-in: the challenge of a first sign-in, then the session.
  const email = `doc-${randomUUID().slice(0, 8)}@shop.example`;
  const invited = await record('ConsoleUserInvite', operator.send('POST', '/users', { email, role: 'merchant-viewer', client_key: key }));
  const temporary = invited.body.temporaryPassword ?? invited.body.temporary_password;
  const first = await record('ConsoleSignIn', call(platform.url, 'POST', '/sign-in', { email, password: temporary }));
  await record(
    'ConsoleSignInChallenge',
    call(platform.url, 'POST', '/sign-in/challenge', { pending: first.body.pending, new_password: 'Correct-Horse-42' }),
  );
  await record('ConsoleMe', admin.get('/me'));

  await record('ConsoleMerchants', operator.get('/merchants'));
  const created = await record('ConsoleMerchantCreate', operator.send('POST', '/merchants', { name: 'Doc Shop' }));
  await record('ConsoleMerchant', operator.get(`/merchants/${key}`));
  await record('ConsoleMerchantSettings', admin.send('PUT', `/merchants/${key}/settings`, { notification_url: callbacks.url }));
  const newMid = await record(
    'ConsoleMidCreate',
    operator.send('POST', `/merchants/${created.body.merchant.clientKey}/mids`, { payment_mode: 'SMS' }),
  );
  await record('ConsoleRouting', operator.get(`/merchants/${created.body.merchant.clientKey}/routing`));
  const rules = {
    maxAttempts: 2,
    rules: [{ name: 'euro cards', match: { currencies: ['EUR'] }, mids: [{ midId: newMid.body.mid.midId, weight: 100 }] }],
  };
  await record(
    'ConsoleRoutingReplace',
    operator.send('PUT', `/merchants/${created.body.merchant.clientKey}/routing`, { expected_version: 0, routing: rules }),
  );
  const limits = { min_amount: '1.00', max_amount: '5000.00', daily_cap: '100000.00' };
  await record(
    'ConsoleMidLimits',
    operator.send('PUT', `/merchants/${created.body.merchant.clientKey}/mids/${newMid.body.mid.midId}/limits`, limits),
  );
  const block = await record(
    'ConsoleRiskBlockAdd',
    admin.send('POST', '/risk/blocklist', { type: 'ip', value: '203.0.113.0/24', reason: 'card testing' }),
  );
  await record('ConsoleRiskBlocklist', admin.get('/risk/blocklist'));
  await record('ConsoleRiskBlockRemove', admin.send('POST', `/risk/blocklist/${block.body.entry.id}/remove`));
  const riskRules = {
    rules: [{ name: 'large foreign tickets', match: { minAmount: 100000, payerCountries: ['NG', 'GH'] }, action: 'challenge' }],
  };
  await record('ConsoleRiskRulesReplace', admin.send('PUT', '/risk/rules', { risk_rules: riskRules }));
  await record('ConsoleRiskRules', admin.get('/risk/rules'));
  await record(
    'ConsoleRiskSettingsReplace',
    operator.send('PUT', '/risk/settings', { client_key: key, settings: { ipDeclinedCards: 3, cooldownSeconds: 21600 } }),
  );
  await record('ConsoleRiskSettings', admin.get('/risk/settings'));
  const fees = {
    rules: [
      { action: 'capture', method: 'visa', currency: 'USD', percent: '2.9', fixed: '0.30' },
      { action: 'refund', currency: 'USD', fixed: '0.15' },
    ],
    reserve: { percent: '10', days: 90 },
  };
  await record('ConsoleFeesReplace', operator.send('PUT', '/fees', { client_key: key, fees }));
  await record('ConsoleFees', admin.get('/fees'));
  const rotated = await record('ConsoleMerchantPassword', admin.send('POST', `/merchants/${key}/password`));
  shop.password = rotated.body.password;

  const paid = await sale(platform.url, shop, { orderId: `o-${randomUUID()}` });
  await eventually(() => callbacks.received.find((c) => c.fields.trans_id === paid.trans_id));
  await record('ConsoleMerchantSigningSecret', admin.send('POST', `/merchants/${key}/signing-secret`, {}));
  const apiKey = await record('ConsoleApiKeyCreate', admin.send('POST', `/merchants/${key}/api-keys`, { read_only: true }));
  await record('ConsoleApiKeys', admin.get(`/merchants/${key}/api-keys`));
  await record('ConsoleApiKeyRevoke', admin.send('POST', `/merchants/${key}/api-keys/${apiKey.body.apiKey.keyId}/revoke`));
  const { generateKeyPairSync } = await import('node:crypto');
  const pem = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await record(
    'ConsoleWalletConfigure',
    admin.send('PUT', `/merchants/${key}/wallets/applepay`, {
      environment: 'TEST',
      merchant_identifier: 'merchant.example.doc',
      private_key: pem,
    }),
  );

  await record('ConsolePayments', admin.get(`/payments?trans_id=${paid.trans_id}`));
  await record('ConsolePayment', admin.get(`/payments/${paid.trans_id}`));
  await record(
    'ConsolePaymentAction',
    admin.send('POST', `/payments/${paid.trans_id}/refund`, { idempotency_key: randomUUID(), amount: '1.00' }),
  );
  await record('ConsoleCallbacks', admin.get(`/callbacks?client_key=${key}`));
  await record('ConsoleCallbackReplay', admin.send('POST', '/callbacks/replay', { trans_id: paid.trans_id, callback: 1 }));
  await record('ConsoleCallbacksFailed', admin.get(`/callbacks/failed?client_key=${key}`));
  await record('ConsoleCallbacksReplayFailed', admin.send('POST', '/callbacks/replay-failed', { client_key: key }));

  const charged = await sale(platform.url, shop, { orderId: `o-${randomUUID()}` });
  await record(
    'ConsoleChargebackOpen',
    operator.send('POST', '/chargebacks', { trans_id: charged.trans_id, amount: '10.00', reason_code: '4837' }),
  );
  await record('ConsoleChargebacks', admin.get(`/chargebacks?client_key=${key}`));
  await record('ConsoleReconciliation', operator.get('/reconciliation'));
  await record('ConsoleReconciliationInquire', operator.send('POST', `/reconciliation/${paid.trans_id}/inquire`));

  const op = new OpenPayments({ baseUrl: platform.url, clientKey: shop.clientKey, password: shop.password, retry: { baseDelayMs: 20 } });
  const schedule = await op.card.createSchedule({ name: 'Monthly', interval_length: 1, interval_unit: 'month', payments_count: 3 });
  const scheduleId = schedule.schedule_id as string;
  const chained = await op.card.sale(sdkSale('01', { recurring_init: 'Y', schedule_id: scheduleId }));
  await record('ConsoleSchedules', admin.get(`/schedules?client_key=${key}`));
  await record('ConsoleSchedule', admin.get(`/schedules/${scheduleId}`));
  await record('ConsoleSubscriptionAction', admin.send('POST', `/schedules/${scheduleId}/subscriptions/${chained.recurring_token}/pause`));
  await record('ConsoleScheduleAction', admin.send('POST', `/schedules/${scheduleId}/pause`));

  await record('ConsoleUsers', admin.get(`/users?client_key=${key}`));
  await record('ConsoleUserAccess', operator.send('POST', `/users/${encodeURIComponent(email)}/disable`));
  await record('ConsoleAudit', admin.get('/audit'));
  await record('ConsoleDashboard', admin.get('/dashboard?range=24h'));

  // The books: the shop's day settled on its clock (a day ahead), after its payments' journals were written.
  await eventually(async () => (await ledger().journalsOf(paid.trans_id)).length > 0 || undefined);
  await runClockCommand(['advance', '--by', '1d', '--merchant', key], { progress: silent });
  const [run] = (await runSettlementsCommand(['run', '--merchant', key])) as MerchantDay[];
  await record('ConsoleBooksBalances', admin.get('/books/balances'));
  await record('ConsoleBooksSettlements', admin.get('/books/settlements'));
  await record('ConsoleBooksSettlement', admin.get(`/books/settlements/${run!.closed[0]!.id}`));
  await record('ConsoleBooksTransactions', admin.get('/books/transactions?from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z'));
  await record('ConsoleBooksPlatform', operator.get('/books/platform'));
  await record('ConsoleSignOut', admin.send('POST', '/sign-out'));

  if (process.env.DUMP_CONSOLE_ANSWERS) writeFileSync(process.env.DUMP_CONSOLE_ANSWERS, JSON.stringify(answers, null, 2));

  const doc = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as {
    paths: Record<
      string,
      Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema: object }> }> }>
    >;
    components: object;
  };
  const ops = new Map(
    Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .map((o) => [o.operationId, o]),
  );
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new Map<object, ValidateFunction>();
  const failures: string[] = [];
  for (const a of answers) {
    const responses = ops.get(a.id)?.responses ?? {};
    // The CSV download: documented as text/csv, its rows checked in test/integration/console/books.test.ts.
    if (typeof a.body === 'string' && responses[String(a.status)]?.content?.['text/csv']) continue;
    const schema = (responses[String(a.status)] ?? responses[`${String(a.status)[0]}XX`])?.content?.['application/json']?.schema;
    if (!schema) {
      failures.push(`${a.id} ${a.status}: no documented answer`);
      continue;
    }
    if (!compiled.has(schema)) compiled.set(schema, ajv.compile({ ...schema, components: doc.components }));
    const v = compiled.get(schema)!;
    if (!v(a.body))
      failures.push(
        `${a.id} ${a.status}: ${(v.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ')} in ${JSON.stringify(a.body).slice(0, 400)}`,
      );
  }
  expect(failures).toEqual([]);
  // Every console operation was called, and succeeded.
  const consoleIds = ROUTES.filter((r) => r.id.startsWith('Console')).map((r) => r.id);
  expect(consoleIds.filter((id) => !answers.some((a) => a.id === id && a.status < 300))).toEqual([]);
}, 180_000);
