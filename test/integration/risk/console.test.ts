/** The console's payment view shows which risk control declined a payment, and why (docs/risk.md). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runRiskCommand } from '../../../scripts/admin/risk.js';
import { sale } from '../console/payments.js';
import { startConsoleWorld, stopConsoleWorld, type ConsoleWorld } from '../console/world.js';

let world: ConsoleWorld;

beforeAll(async () => {
  world = await startConsoleWorld({ operator: 'ops@risk.example', admin: 'admin@risk.example' });
});
afterAll(() => stopConsoleWorld(world ?? {}));

it('shows the risk decision of a blocked payment to the merchant admin', async () => {
  await runRiskCommand([
    'blocklist',
    'add',
    '--type',
    'bin',
    '--value',
    '411111',
    '--merchant',
    world.shop.clientKey,
    '--reason',
    'test BIN',
  ]);
  const blocked = await sale(world.platform.url, world.shop, { orderId: `o-${randomUUID()}` });
  expect(blocked.status).toBe('DECLINED');
  const view = await world.admin.get(`/payments/${blocked.trans_id}`);
  expect(view.body.payment.risk).toEqual({ control: 'blocklist', reason: 'merchant blocklist bin 411111 (test BIN)' });
});
