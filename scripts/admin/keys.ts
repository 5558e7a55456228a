/**
 * `npm run admin -- keys migrate-legacy [--stage NAME]`: copies the legacy data keys (one for all purposes, wrapped by
 * the table key) under each purpose key, so values sealed before per-purpose keys keep opening. Run once per stage
 * with operator credentials allowed to decrypt with the table key and encrypt with the purpose keys; idempotent.
 */
import { purposeKeyIds } from '../../shared/adapters/kms-secret-box.js';
import { migrateLegacyDataKeys } from '../../shared/adapters/legacy-data-keys.js';
import { getConfig } from '../../shared/config.js';

export async function runKeysCommand(args: string[]): Promise<unknown> {
  const [cmd] = args;
  if (cmd !== 'migrate-legacy') throw new Error('usage: npm run admin -- keys migrate-legacy [--stage NAME]');
  const config = getConfig();
  return migrateLegacyDataKeys({
    tableName: config.TABLE_NAME,
    legacyKmsKeyId: config.KMS_KEY_ID,
    purposeKeyIds: purposeKeyIds(config),
    ...(config.LOCAL_KEY_ESCROW_FILE ? { localEscrowFile: config.LOCAL_KEY_ESCROW_FILE } : {}),
  });
}
