/**
 * The local sandbox merchant: created on first start, kept across restarts (DynamoDB Local persists it; its
 * credentials are written to $LOCAL_DATA_DIR/sandbox-merchant.json).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deps } from '../../shared/entry/composition/deps.js';
import { checkNotificationUrl, createMerchant, createMid } from '../../shared/operations/admin/merchants.js';

export interface SandboxCredentials {
  client_key: string;
  password: string;
  notification_url: string | null;
}

export async function ensureSandboxMerchant(dataDir: string, notificationUrl?: string): Promise<SandboxCredentials> {
  const file = join(dataDir, 'sandbox-merchant.json');
  const d = deps();
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as SandboxCredentials;
    const existing = await d.merchants.get(saved.client_key);
    if (existing) {
      if (notificationUrl && existing.merchant.notificationUrl !== notificationUrl) {
        await d.merchants.update(saved.client_key, { notificationUrl: checkNotificationUrl(d, notificationUrl) });
      }
      const creds = {
        client_key: saved.client_key,
        password: existing.merchant.password,
        notification_url: notificationUrl ?? existing.merchant.notificationUrl ?? null,
      };
      writeFileSync(file, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
      return creds;
    }
  }
  const merchant = await createMerchant(d, { name: 'Sandbox Merchant', notificationUrl });
  await createMid(d, merchant.clientKey, {
    name: 'sandbox SMS/DMS',
    paymentMode: 'SMS/DMS',
    moto: true,
    zeroAmount: true,
    descriptor: 'SANDBOX',
  });
  const creds = { client_key: merchant.clientKey, password: merchant.password, notification_url: merchant.notificationUrl ?? null };
  writeFileSync(file, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
  return creds;
}
