/**
 * The console tests' usual world: a test platform, a merchant with a callback receiver and one without, an operator
 * and the first merchant's admin, both signed in over HTTP.
 */
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { startTestPlatform, testMerchant } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { signInConsole, type ConsoleClient } from './support.js';

export interface ConsoleWorld {
  platform: RunningPlatform;
  shop: Merchant;
  other: Merchant;
  callbacks: MerchantServer;
  operator: ConsoleClient;
  admin: ConsoleClient;
}

export async function startConsoleWorld(emails: { operator: string; admin: string }): Promise<ConsoleWorld> {
  const platform = await startTestPlatform();
  const callbacks = await startMerchantServer();
  const shop = await testMerchant({ notificationUrl: callbacks.url });
  const other = await testMerchant();
  const operator = await signInConsole(platform.url, emails.operator, 'operator');
  const admin = await signInConsole(platform.url, emails.admin, 'merchant-admin', shop.clientKey);
  return { platform, shop, other, callbacks, operator, admin };
}

export async function stopConsoleWorld(w: Partial<ConsoleWorld>): Promise<void> {
  await w.platform?.stop();
  await w.callbacks?.close();
}

/** A dashboard answer's buckets summed per figure. */
export function dashboardTotals(body: { buckets: Record<string, number>[] }) {
  const sum = (k: string) => body.buckets.reduce((s, b) => s + (b[k] ?? 0), 0);
  return {
    payments: sum('payments'),
    approved: sum('approved'),
    declined: sum('declined'),
    undetermined: sum('undetermined'),
    delivered: sum('callbacksDelivered'),
  };
}
