/**
 * Risk controls in the console API (docs/console.md "Risk", docs/risk.md): blocklists, rules, thresholds and MID
 * limits through the admin CLI's own operations. Merchant admins edit their own merchant's lists and rules; another
 * merchant's answer like unknown ones; operators edit every list, the platform-wide one, thresholds and MID limits.
 * A console change stops the next payment on the public endpoint, and each change is audited.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { signInConsole, type ConsoleClient } from './support.js';

const platform = usePlatform();
let shop: Merchant;
let other: Merchant;
let operator: ConsoleClient;
let admin: ConsoleClient;
let viewer: ConsoleClient;

beforeAll(async () => {
  shop = await testMerchant();
  other = await testMerchant();
  operator = await signInConsole(platform.url, 'ops@risk-console.example', 'operator');
  admin = await signInConsole(platform.url, 'admin@risk-console.example', 'merchant-admin', shop.clientKey);
  viewer = await signInConsole(platform.url, 'viewer@risk-console.example', 'merchant-viewer', shop.clientKey);
});

const pay = (m: Merchant, overrides: Record<string, string> = {}) =>
  postForm(`${platform.url}/post`, saleFields(m, { order_id: `o-${randomUUID()}`, ...overrides }));
const problemsOf = (body: any): string[] => (body.errors ?? []).map((e: { error_message: string }) => e.error_message);
const auditOf = async (action: string, clientKey?: string) =>
  (await operator.get(`/audit${clientKey ? `?client_key=${clientKey}` : ''}`)).body.entries.filter((e: any) => e.action === action);

describe('blocklists in the console', () => {
  it('a merchant admin blocks an e-mail for its own merchant: the next payment is declined, the other merchant pays', async () => {
    const email = `tester-${randomUUID().slice(0, 8)}@example.com`;
    const added = await admin.send('POST', '/risk/blocklist', { type: 'email', value: email.toUpperCase(), reason: 'card testing' });
    expect(added.status).toBe(201);
    expect(added.body.entry).toMatchObject({ scope: shop.clientKey, type: 'email', value: email, reason: 'card testing' });

    const blocked = await pay(shop, { payer_email: email });
    expect(blocked.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by risk rules.' });
    expect((await deps().payments.get(blocked.body.trans_id))?.details.risk).toMatchObject({ control: 'blocklist' });
    expect((await pay(other, { payer_email: email })).body).toMatchObject({ result: 'SUCCESS' });

    const listed = await admin.get('/risk/blocklist');
    expect(listed.body.entries.map((e: any) => e.id)).toContain(added.body.entry.id);
    expect((await auditOf('risk.blocklist.add', shop.clientKey))[0]).toMatchObject({
      actor: 'admin@risk-console.example',
      target: shop.clientKey,
      details: { type: 'email', value: email.toUpperCase() },
    });

    const removed = await admin.send('POST', `/risk/blocklist/${added.body.entry.id}/remove`);
    expect(removed).toMatchObject({ status: 200, body: { removed: added.body.entry.id } });
    expect((await pay(shop, { payer_email: email })).body).toMatchObject({ result: 'SUCCESS' });
    expect(await auditOf('risk.blocklist.remove', shop.clientKey)).toHaveLength(1);
    // Gone: a second removal is not found.
    expect((await admin.send('POST', `/risk/blocklist/${added.body.entry.id}/remove`)).status).toBe(404);
  });

  it('a card is named by a payment of the merchant, never by a number; another merchant’s payment is unknown', async () => {
    const paid = await pay(shop);
    const byNumber = await admin.send('POST', '/risk/blocklist', { type: 'card', value: '4111111111111111' });
    expect(byNumber.status).toBe(400);
    expect(problemsOf(byNumber.body).join(' ')).toContain('--trans-id TRANS_ID (never a card number)');

    const others = await pay(other);
    const foreign = await admin.send('POST', '/risk/blocklist', { type: 'card', trans_id: others.body.trans_id });
    const unknown = await admin.send('POST', '/risk/blocklist', { type: 'card', trans_id: randomUUID() });
    expect(foreign.status).toBe(400);
    expect(problemsOf(foreign.body)).toEqual([expect.stringContaining(`No payment ${others.body.trans_id}.`)]);
    expect(problemsOf(unknown.body)[0]).toMatch(/No payment /);

    const added = await admin.send('POST', '/risk/blocklist', { type: 'card', trans_id: paid.body.trans_id, reason: 'chargeback' });
    expect(added.status).toBe(201);
    expect(added.body.entry).toMatchObject({ type: 'card', label: `411111****1111 of payment ${paid.body.trans_id}` });
    expect(JSON.stringify(added.body)).not.toContain('4111111111111111');
    expect((await pay(shop)).body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by risk rules.' });
    expect((await admin.send('POST', `/risk/blocklist/${added.body.entry.id}/remove`)).status).toBe(200);
  });

  it('merchant users cannot touch another merchant’s list or the platform’s; viewers change nothing', async () => {
    const theirs = await operator.send('POST', '/risk/blocklist', { client_key: other.clientKey, type: 'country', value: 'fr' });
    expect(theirs.status).toBe(201);
    expect(theirs.body.entry).toMatchObject({ scope: other.clientKey, value: 'FR' });

    expect((await admin.get(`/risk/blocklist?client_key=${other.clientKey}`)).status).toBe(404);
    expect((await admin.send('POST', '/risk/blocklist', { client_key: other.clientKey, type: 'bin', value: '400000' })).status).toBe(404);
    expect((await admin.send('POST', `/risk/blocklist/${theirs.body.entry.id}/remove`)).status).toBe(404);
    expect((await admin.get('/risk/blocklist?scope=platform')).status).toBe(403);
    expect((await admin.send('POST', '/risk/blocklist', { scope: 'platform', type: 'bin', value: '400000' })).status).toBe(403);
    expect((await viewer.get('/risk/blocklist')).status).toBe(200);
    expect((await viewer.send('POST', '/risk/blocklist', { type: 'bin', value: '400000' })).status).toBe(403);
    // Still there.
    expect((await operator.get(`/risk/blocklist?client_key=${other.clientKey}`)).body.entries.map((e: any) => e.id)).toContain(
      theirs.body.entry.id,
    );
    expect((await operator.send('POST', `/risk/blocklist/${theirs.body.entry.id}/remove`)).status).toBe(200);
  });

  it('operators edit the platform-wide list: an IP range stops every merchant’s payments', async () => {
    const added = await operator.send('POST', '/risk/blocklist', {
      scope: 'platform',
      type: 'ip',
      value: '198.51.100.77/24',
      reason: 'abuse',
    });
    expect(added.status).toBe(201);
    expect(added.body.entry).toMatchObject({ scope: 'PLATFORM', type: 'ip', value: '198.51.100.0/24' });
    expect((await operator.get('/risk/blocklist?scope=platform')).body.entries.map((e: any) => e.id)).toContain(added.body.entry.id);
    for (const m of [shop, other]) expect((await pay(m, { payer_ip: '198.51.100.9' })).body).toMatchObject({ result: 'DECLINED' });
    // A merchant admin cannot remove it, nor can it name nothing.
    expect((await admin.send('POST', `/risk/blocklist/${added.body.entry.id}/remove`)).status).toBe(403);
    expect((await operator.send('POST', '/risk/blocklist', { type: 'ip', value: '198.51.100.1' })).status).toBe(404);
    expect((await operator.send('POST', `/risk/blocklist/${added.body.entry.id}/remove`)).status).toBe(200);
    expect((await pay(shop, { payer_ip: '198.51.100.9' })).body).toMatchObject({ result: 'SUCCESS' });
  });

  it('bad values get the CLI’s texts; a made-up id is not found', async () => {
    const bad = await operator.send('POST', '/risk/blocklist', { client_key: shop.clientKey, type: 'ip', value: '10.0.0.0/4' });
    expect(bad.status).toBe(400);
    expect(problemsOf(bad.body)).toHaveLength(1);
    expect((await operator.send('POST', '/risk/blocklist', { client_key: shop.clientKey, type: 'phone', value: '1' })).status).toBe(400);
    expect((await operator.send('POST', '/risk/blocklist/not-an-id/remove')).status).toBe(404);
  });
});

describe('risk rules in the console', () => {
  const rules = { rules: [{ name: 'no big euro tickets', match: { currencies: ['EUR'], minAmount: 50001 }, action: 'block' }] };

  it('a merchant admin replaces its rules: the next payment is decided by them, and the change is audited', async () => {
    expect((await admin.get('/risk/rules')).body).toEqual({ clientKey: shop.clientKey, rules: [] });
    const saved = await admin.send('PUT', '/risk/rules', { risk_rules: rules });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ clientKey: shop.clientKey, ...rules });
    expect((await viewer.get('/risk/rules')).body.rules).toEqual(rules.rules);
    expect((await pay(shop, { order_currency: 'EUR', order_amount: '600.00' })).body).toMatchObject({
      result: 'DECLINED',
      decline_reason: 'Declined by risk rules.',
    });
    expect((await pay(shop, { order_currency: 'EUR', order_amount: '10.00' })).body).toMatchObject({ result: 'SUCCESS' });
    expect((await auditOf('risk.rules.replace', shop.clientKey))[0]).toMatchObject({
      actor: 'admin@risk-console.example',
      details: { rules: 1 },
    });
  });

  it('invalid rules get every problem with the CLI’s text, and change nothing', async () => {
    const before = await deps().riskAdmin.riskRules(shop.clientKey);
    const bad = await admin.send('PUT', '/risk/rules', {
      risk_rules: {
        rules: [
          { match: { currencies: ['EURO'], minAmount: 10, maxAmount: 5 }, action: 'nuke' },
          { name: 'x', match: {}, action: 'block', extra: 1 },
        ],
      },
    });
    expect(bad.status).toBe(400);
    const problems = problemsOf(bad.body);
    expect(problems.length).toBeGreaterThanOrEqual(4);
    expect(bad.body.errors.every((e: any) => e.field === 'risk_rules' || e.error_message.startsWith('risk_rules'))).toBe(true);
    expect(problems.join('\n')).toMatch(/name/);
    expect(problems.join('\n')).toMatch(/EURO/);
    expect(problems.join('\n')).toMatch(/"action" must be one of block, challenge/);
    expect(await deps().riskAdmin.riskRules(shop.clientKey)).toEqual(before);
  });

  it('viewers and other merchants’ admins cannot replace them', async () => {
    expect((await viewer.send('PUT', '/risk/rules', { risk_rules: { rules: [] } })).status).toBe(403);
    expect((await admin.send('PUT', '/risk/rules', { client_key: other.clientKey, risk_rules: { rules: [] } })).status).toBe(404);
    expect((await admin.get(`/risk/rules?client_key=${other.clientKey}`)).status).toBe(404);
    expect((await operator.send('PUT', '/risk/rules', { client_key: shop.clientKey, risk_rules: { rules: [] } })).body.rules).toEqual([]);
  });
});

describe('risk thresholds in the console', () => {
  it('operators set and reset them; merchants read them', async () => {
    const set = await operator.send('PUT', '/risk/settings', {
      client_key: shop.clientKey,
      settings: { ipDeclinedCards: 3, cooldownSeconds: 21600 },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      clientKey: shop.clientKey,
      overrides: { ipDeclinedCards: 3, cooldownSeconds: 21600 },
      thresholds: { ipDeclinedCards: 3, cardAttempts: 10 },
      defaults: { ipDeclinedCards: 5 },
    });
    expect(await deps().riskAdmin.settings(shop.clientKey)).toEqual({ ipDeclinedCards: 3, cooldownSeconds: 21600 });
    expect((await admin.get('/risk/settings')).body.thresholds.ipDeclinedCards).toBe(3);
    expect((await auditOf('risk.settings.set', shop.clientKey))[0]).toMatchObject({
      details: { ipDeclinedCards: '3', cooldownSeconds: '21600' },
    });

    const reset = await operator.send('PUT', '/risk/settings', { client_key: shop.clientKey, reset: true });
    expect(reset.body.overrides).toEqual({});
    expect(await deps().riskAdmin.settings(shop.clientKey)).toEqual({});
  });

  it('every wrong value is named; merchant admins may not change them', async () => {
    const bad = await operator.send('PUT', '/risk/settings', {
      client_key: shop.clientKey,
      settings: { ipDeclinedCards: 0, ipWindowSeconds: 90000, ipCards: 5, cardAttempts: 'ten' },
    });
    expect(bad.status).toBe(400);
    expect(problemsOf(bad.body)).toHaveLength(4);
    expect(await deps().riskAdmin.settings(shop.clientKey)).toEqual({});
    expect((await admin.send('PUT', '/risk/settings', { settings: { ipDeclinedCards: 50 } })).status).toBe(403);
  });
});

describe('MID limits in the console', () => {
  it('operators set them in the MID editor, checked as `mids update` checks them; a payment over the maximum is declined', async () => {
    const mid = (await deps().merchants.get(shop.clientKey))!.mids[0]!;
    const path = `/merchants/${shop.clientKey}/mids/${mid.midId}/limits`;
    const bad = await operator.send('PUT', path, { min_amount: '50.00', max_amount: '10.00', daily_cap: 'lots' });
    expect(bad.status).toBe(400);
    expect(problemsOf(bad.body)).toHaveLength(2);

    const set = await operator.send('PUT', path, { min_amount: '1.00', max_amount: '100.00' });
    expect(set.status).toBe(200);
    expect(set.body.mid).toMatchObject({ midId: mid.midId, limits: { minAmount: '1.00', maxAmount: '100.00' } });
    expect((await operator.get(`/merchants/${shop.clientKey}`)).body.mids[0].limits).toEqual({ minAmount: '1.00', maxAmount: '100.00' });
    expect((await pay(shop, { order_amount: '100.01' })).body).toMatchObject({
      result: 'DECLINED',
      decline_reason: 'Declined by risk rules.',
    });
    expect((await auditOf('mid.limits', shop.clientKey))[0]).toMatchObject({
      target: mid.midId,
      details: { min_amount: '1.00', max_amount: '100.00' },
    });

    expect((await admin.send('PUT', path, { max_amount: 'none' })).status).toBe(403);
    expect((await operator.send('PUT', `/merchants/${shop.clientKey}/mids/${randomUUID()}/limits`, { max_amount: 'none' })).status).toBe(
      404,
    );
    const cleared = await operator.send('PUT', path, { min_amount: 'none', max_amount: 'none' });
    expect(cleared.body.mid.limits).toBeUndefined();
  });
});
