/**
 * `npm run smoke` against the local platform (in-process, as the other platform tests run it): the CLI's main with a
 * merchant whose notification URL is a 127.0.0.1 address the smoke test listens on; the delivery-log variant a
 * deployed stage uses; and a run that must fail (a wrong password) exits 1.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCallbacksCommand } from '../../../scripts/admin/callbacks.js';
import { main } from '../../../scripts/smoke/cli.js';
import { runSmoke, type DeliveryLogEntry } from '../../../scripts/smoke/smoke.js';
import { logger } from '../../../shared/lib/logger.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { testMerchant, usePlatform } from '../../support/platform.js';

const platform = usePlatform();
let shop: MerchantServer | undefined;

beforeAll(async () => {
  // This file imports the admin CLI (and the shared logger) before the platform sets LOG_LEVEL: told here.
  logger.setLogLevel('ERROR');
});
afterAll(async () => {
  await shop?.close();
});

/** A port nobody listens on now, for the merchant's notification URL the smoke test then listens on. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('npm run smoke', () => {
  it('passes against the local platform: SALE, status, refund, and the callback received on 127.0.0.1', async () => {
    const callbackUrl = `http://127.0.0.1:${await freePort()}/smoke`;
    const merchant = await testMerchant({ notificationUrl: callbackUrl });
    const out: string[] = [];
    const code = await main(
      [
        '--url',
        platform.url,
        '--client-key',
        merchant.clientKey,
        '--password',
        merchant.password,
        '--callback-url',
        callbackUrl,
        '--timeout',
        '60',
      ],
      (t) => out.push(t),
    );
    const table = out.join('\n');
    expect(table, table).toMatch(/^PASS\s+SALE \(sandbox card\)/m);
    expect(table).toMatch(/^PASS\s+GET_TRANS_STATUS .*SETTLED/m);
    expect(table).toMatch(/^PASS\s+CREDITVOID \(refund\)/m);
    expect(table).toMatch(/^PASS\s+SALE callback .*hash verified/m);
    expect(table).toContain('Smoke test passed.');
    expect(code).toBe(0);
  });

  it('finds the callback in the merchant’s delivery log when it cannot listen (a deployed stage)', async () => {
    shop = await startMerchantServer();
    const merchant = await testMerchant({ notificationUrl: shop.url });
    const report = await runSmoke({
      url: platform.url,
      clientKey: merchant.clientKey,
      password: merchant.password,
      callbackTimeoutMs: 60_000,
      // The in-process platform's environment is this process's: the admin CLI reads its tables directly.
      deliveryLog: async (transId) => (await runCallbacksCommand(['payment', transId])) as DeliveryLogEntry[],
    });
    expect(report.checks.map((c) => [c.name, c.ok])).toEqual([
      ['SALE (sandbox card)', true],
      ['GET_TRANS_STATUS', true],
      ['CREDITVOID (refund)', true],
      ['SALE callback', true],
    ]);
    expect(shop.received.some((c) => c.fields.trans_id === report.transId && c.fields.action === 'SALE')).toBe(true);
  });

  it('exits 1 with the failing check in the table when a payment fails', async () => {
    const merchant = await testMerchant();
    const out: string[] = [];
    const code = await main(
      ['--url', platform.url, '--client-key', merchant.clientKey, '--password', 'not-the-password', '--timeout', '5'],
      (t) => out.push(t),
    );
    expect(code).toBe(1);
    expect(out.join('\n')).toMatch(/^FAIL\s+SALE \(sandbox card\)/m);
    expect(out.join('\n')).toContain('Smoke test FAILED.');
  });

  it('exits 2 with its usage when a required option is missing', async () => {
    const out: string[] = [];
    expect(await main(['--url', platform.url], (t) => out.push(t))).toBe(2);
    expect(out.join('\n')).toContain('usage: npm run smoke');
  });
});
