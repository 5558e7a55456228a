/**
 * The set-up of the Checkout operation tests: a local platform, a merchant whose callbacks go to a test shop, and
 * the operation API (`/api/v1/payment/<path>`) with the callbacks the shop received per payment.
 */
import { afterAll, beforeAll } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postJson, startTestPlatform, testMerchant } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';

export interface ShopWorld {
  platform: RunningPlatform;
  merchant: Merchant;
  shop: MerchantServer;
  api(path: string, body: Record<string, unknown>): ReturnType<typeof postJson>;
  callbacks(paymentId: string): MerchantServer['received'][number]['fields'][];
}

/** Registers the world's start and stop with the file's hooks; its fields are set once `beforeAll` ran. */
export function useShopWorld(env: Record<string, string> = {}): ShopWorld {
  const world = {
    api: (path: string, body: Record<string, unknown>) => postJson(`${world.platform.url}/api/v1/payment/${path}`, body),
    callbacks: (id: string) => world.shop.received.filter((c) => c.fields.id === id).map((c) => c.fields),
  } as ShopWorld;
  beforeAll(async () => {
    world.platform = await startTestPlatform(env);
    world.shop = await startMerchantServer();
    world.merchant = await testMerchant({ notificationUrl: world.shop.url });
  });
  afterAll(async () => {
    await world.platform?.stop();
    await world.shop?.close();
  });
  return world;
}
