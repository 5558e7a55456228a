/**
 * A merchant's API keys in the console (docs/console.md, docs/merchant-api.md "API keys"): listed by whoever sees
 * the merchant; created and revoked by operators and the merchant's admins, each change audited in its own write.
 * A new key is shown in the create answer only; listings carry its id, type and hint, never the key.
 */
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import type { ApiKeyRecord } from '../../domain/api-key.js';
import type { Deps } from '../deps.js';
import type {
  ConsoleApiKey,
  ConsoleApiKeyCreateAnswer,
  ConsoleApiKeyRevokeAnswer,
  ConsoleApiKeysAnswer,
} from '../../protocol/console/answers.js';
import { createApiKey, revokeApiKey } from '../merchant-api/api-keys.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { ConsoleNotFoundError } from './errors.js';
import { changeMerchant, readMerchant, type Principal } from './roles.js';

type KeysContext = ConsoleContext<Pick<Deps, 'apiKeys' | 'merchants' | 'config' | 'newId'>>;

function view(r: ApiKeyRecord): ConsoleApiKey {
  return {
    keyId: r.keyId,
    type: r.kind,
    hint: r.hint,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
    ...(r.revokedAt ? { revokedAt: r.revokedAt } : {}),
    ...(r.revokedBy ? { revokedBy: r.revokedBy } : {}),
  };
}

export async function listMerchantApiKeys(
  cx: ConsoleContext<Pick<Deps, 'apiKeys'>>,
  p: Principal,
  clientKey: string,
): Promise<ConsoleApiKeysAnswer> {
  readMerchant(p, clientKey);
  return { apiKeys: (await cx.d.apiKeys.list(clientKey)).map(view) };
}

/** Body: {"read_only": true} for a read-only key; {} for a secret key. */
export async function createMerchantApiKey(
  cx: KeysContext,
  p: Principal,
  clientKey: string,
  body: unknown,
): Promise<ConsoleApiKeyCreateAnswer> {
  changeMerchant(p, clientKey);
  const r = z.object({ read_only: z.optional(z.boolean()) }).safeParse(body ?? {});
  if (!r.success) throw new ValidationError(r.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })));
  if (!(await cx.d.merchants.get(clientKey))) throw new ConsoleNotFoundError('Merchant not found.');
  const kind = r.data.read_only ? 'read_only' : 'secret';
  const { record, key } = await audited(cx, p, 'api-key.create', { clientKey, target: clientKey, details: { type: kind } }, (alongside) =>
    createApiKey(cx.d, { clientKey, kind, createdBy: p.email, now: new Date() }, { alongside }),
  );
  return { apiKey: view(record), key };
}

export async function revokeMerchantApiKey(
  cx: KeysContext,
  p: Principal,
  clientKey: string,
  keyId: string,
): Promise<ConsoleApiKeyRevokeAnswer> {
  changeMerchant(p, clientKey);
  const known = (await cx.d.apiKeys.list(clientKey)).some((k) => k.keyId === keyId);
  if (!known) throw new ConsoleNotFoundError('No API key with this id.');
  const revoked = await audited(cx, p, 'api-key.revoke', { clientKey, target: keyId }, (alongside) =>
    revokeApiKey(cx.d, { clientKey, keyId, by: p.email, now: new Date() }, { alongside }),
  );
  return { apiKey: view(revoked) };
}
