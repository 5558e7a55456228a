/**
 * `npm run admin -- keys <command>`:
 *   create --merchant CLIENT_KEY [--read-only]   a merchant API key, printed once (docs/merchant-api.md "API keys")
 *   list --merchant CLIENT_KEY                    the merchant's keys: id, type, hint, created, revoked; never the key
 *   revoke KEY_ID --merchant CLIENT_KEY           refused from the key's next request on
 *   migrate-legacy [--stage NAME]                 copies the legacy data keys (one for all purposes, wrapped by the
 *       table key) under each purpose key, so values sealed before per-purpose keys keep opening. Run once per stage
 *       with operator credentials allowed to decrypt with the table key and encrypt with the purpose keys; idempotent.
 */
import { parseArgs } from 'node:util';
import { purposeKeyIds } from '../../shared/adapters/aws/kms-secret-box.js';
import { migrateLegacyDataKeys } from '../../shared/adapters/aws/legacy-data-keys.js';
import { getConfig } from '../../shared/lib/config.js';
import { deps } from '../../shared/entry/composition/deps.js';
import { apiKeyView, createApiKey, revokeApiKey } from '../../shared/operations/merchant-api/api-keys.js';

export const KEYS_USAGE = `usage: npm run admin -- keys <command>
  create --merchant CLIENT_KEY [--read-only]   a merchant API key (secret, or read-only: callback log, feed, payment
                                               lookups); the key is printed once, store it now
  list --merchant CLIENT_KEY                   the merchant's keys (id, type, hint, created, revoked), never the key
  revoke KEY_ID --merchant CLIENT_KEY          refused from its next request on
  migrate-legacy [--stage NAME]                once per stage, see docs/keys.md

example:
  npm run admin -- keys create --merchant 5b6c… --read-only
  npm run admin -- keys revoke key_3f2a… --merchant 5b6c…`;

export async function runKeysCommand(args: string[]): Promise<unknown> {
  const [cmd, ...rest] = args;
  if (cmd === 'migrate-legacy') return migrateLegacy();
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { merchant: { type: 'string' }, 'read-only': { type: 'boolean' } },
  });
  if (cmd !== 'create' && cmd !== 'list' && cmd !== 'revoke') throw new Error(KEYS_USAGE);
  const clientKey = values.merchant;
  if (!clientKey)
    throw new Error(`--merchant CLIENT_KEY is required. See the client keys with: npm run admin -- merchants list\n${KEYS_USAGE}`);
  const d = deps();
  if (!(await d.merchants.get(clientKey)))
    throw new Error(`No merchant with client key ${clientKey}. See them with: npm run admin -- merchants list`);
  if (cmd === 'create') {
    const { record, key } = await createApiKey(d, {
      clientKey,
      kind: values['read-only'] ? 'read_only' : 'secret',
      createdBy: 'admin-cli',
      now: new Date(),
    });
    return { ...apiKeyView(record), key, note: 'The key is shown only now: store it. The platform keeps only its hash.' };
  }
  if (cmd === 'list') return (await d.apiKeys.list(clientKey)).map(apiKeyView);
  const keyId = positionals[0];
  if (!keyId)
    throw new Error(
      `KEY_ID is required, e.g. keys revoke key_3f2a… --merchant ${clientKey}. See them with: npm run admin -- keys list --merchant ${clientKey}`,
    );
  return apiKeyView(await revokeApiKey(d, { clientKey, keyId, by: 'admin-cli', now: new Date() }));
}

function migrateLegacy(): Promise<unknown> {
  const config = getConfig();
  return migrateLegacyDataKeys({
    tableName: config.TABLE_NAME,
    legacyKmsKeyId: config.KMS_KEY_ID,
    purposeKeyIds: purposeKeyIds(config),
    ...(config.LOCAL_KEY_ESCROW_FILE ? { localEscrowFile: config.LOCAL_KEY_ESCROW_FILE } : {}),
  });
}
