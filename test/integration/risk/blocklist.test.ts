/**
 * Blocklists through the public endpoint (docs/risk.md): each type, platform-wide or per merchant, added, listed and
 * removed with the admin CLI; a listed payment is declined before the acquirer, the decision names the entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRiskCommand } from '../../../scripts/admin/risk.js';
import { runPaymentsCommand } from '../../../scripts/admin/payments.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, SANDBOX_CARD } from '../../support/s2s.js';
import { recordingSandbox, restoreConnectors } from '../../support/connectors.js';
import { testCard } from '../../support/cards.js';

const platform = usePlatform();
let sandbox: ReturnType<typeof recordingSandbox>;
let a: Merchant;
let b: Merchant;

beforeAll(async () => {
  sandbox = recordingSandbox();
  a = await testMerchant();
  b = await testMerchant();
});
afterAll(async () => {
  restoreConnectors();
});

const pay = (m: Merchant, overrides: Record<string, string> = {}) =>
  postForm(`${platform.url}/post`, saleFields(m, { payer_ip: '192.0.2.200', ...overrides }));
const risk = (...argv: string[]) => runRiskCommand(argv) as Promise<any>;

async function expectBlocked(m: Merchant, overrides: Record<string, string>, reason: string) {
  const calls = sandbox.pay.mock.calls.length;
  const res = await pay(m, overrides);
  expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by risk rules.' });
  expect(sandbox.pay.mock.calls.length).toBe(calls);
  expect((await deps().payments.get(res.body.trans_id))?.details.risk).toEqual({
    control: 'blocklist',
    reason: expect.stringContaining(reason),
  });
  return res.body.trans_id as string;
}

async function expectPays(m: Merchant, overrides: Record<string, string>) {
  expect((await pay(m, overrides)).body).toMatchObject({ result: 'SUCCESS' });
}

describe('blocklists', () => {
  it('blocks an IP range platform-wide, for every merchant, until removed', async () => {
    const added = await risk('blocklist', 'add', '--type', 'ip', '--value', '198.51.100.77/24', '--reason', 'card testing');
    expect(added).toMatchObject({ scope: 'PLATFORM', type: 'ip', value: '198.51.100.0/24', reason: 'card testing' });
    const id = await expectBlocked(a, { payer_ip: '198.51.100.9' }, 'platform blocklist ip 198.51.100.0/24');
    await expectBlocked(b, { payer_ip: '198.51.100.250', card_number: testCard(2000) }, 'ip 198.51.100.0/24');
    await expectPays(a, { payer_ip: '198.51.101.9' });
    // The operator sees which entry decided; the merchant's answer did not say.
    expect(await runPaymentsCommand(['show', id])).toMatch(/Risk[\s\S]*blocklist[\s\S]*198\.51\.100\.0\/24/);

    expect((await risk('blocklist', 'list')).map((e: { id: string }) => e.id)).toContain(added.id);
    await risk('blocklist', 'remove', added.id);
    await expectPays(a, { payer_ip: '198.51.100.9' });
    await expect(risk('blocklist', 'remove', added.id)).rejects.toThrow(`No blocklist entry ${added.id}.`);
  });

  it('blocks an IPv6 /48 and a single address of a merchant', async () => {
    await risk('blocklist', 'add', '--type', 'ip', '--value', '2001:db8:1::/48', '--merchant', a.clientKey);
    await expectBlocked(a, { payer_ip: '2001:db8:1:ff::5' }, 'merchant blocklist ip 2001:db8:1:0:0:0:0:0/48');
    await expectPays(a, { payer_ip: '2001:db8:2::5' });
    await expect(risk('blocklist', 'add', '--type', 'ip', '--value', '2001::/8')).rejects.toThrow(
      'an IPv6 range needs a prefix of /16 or longer',
    );
    // A single address is the range of its own.
    await risk('blocklist', 'add', '--type', 'ip', '--value', '192.0.2.77', '--merchant', a.clientKey);
    await expectBlocked(a, { payer_ip: '192.0.2.77' }, 'merchant blocklist ip 192.0.2.77/32');
    await expectPays(a, { payer_ip: '192.0.2.78' });
  });

  it('blocks an e-mail, a BIN and a payer country of one merchant only', async () => {
    await risk('blocklist', 'add', '--type', 'email', '--value', 'Tester@Example.com', '--merchant', a.clientKey);
    await risk('blocklist', 'add', '--type', 'bin', '--value', '40000000', '--merchant', a.clientKey);
    await risk('blocklist', 'add', '--type', 'country', '--value', 'fr', '--merchant', a.clientKey);
    const email = { payer_email: 'tester@example.com' };
    await expectBlocked(a, email, 'merchant blocklist email tester@example.com');
    await expectBlocked(a, { card_number: testCard(2001) }, 'merchant blocklist bin 40000000');
    await expectBlocked(a, { payer_country: 'FR' }, 'merchant blocklist country FR');
    await expectPays(b, email);
    await expectPays(b, { card_number: testCard(2002) });
    await expectPays(b, { payer_country: 'FR' });
    const listed = await risk('blocklist', 'list', '--merchant', a.clientKey);
    expect(listed.map((e: { type: string; value: string }) => `${e.type} ${e.value}`)).toEqual(
      expect.arrayContaining(['email tester@example.com', 'bin 40000000', 'country FR']),
    );
  });

  it('blocks a card named by a payment that used it, a sandbox test card too; never by its number', async () => {
    const paid = await pay(b, { card_number: SANDBOX_CARD });
    expect(paid.body.result).toBe('SUCCESS');
    const added = await risk(
      'blocklist',
      'add',
      '--type',
      'card',
      '--trans-id',
      paid.body.trans_id,
      '--merchant',
      b.clientKey,
      '--reason',
      'chargeback',
    );
    expect(added).toMatchObject({ type: 'card', label: `411111****1111 of payment ${paid.body.trans_id}` });
    expect(added.value).not.toContain('4111111111111111');
    await expectBlocked(
      b,
      { card_number: SANDBOX_CARD, payer_ip: '192.0.2.201' },
      `merchant blocklist card 411111****1111 of payment ${paid.body.trans_id} (chargeback)`,
    );
    await expectPays(b, { card_number: testCard(2003) });
    await expect(risk('blocklist', 'add', '--type', 'card', '--value', SANDBOX_CARD)).rejects.toThrow(
      '--trans-id TRANS_ID (never a card number)',
    );
  });
});
