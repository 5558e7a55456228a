/**
 * Creating, listing and revoking a merchant's API keys (docs/merchant-api.md "API keys"): the admin CLI and the
 * console call these. The key is in the answer of `createApiKey` only; nothing else ever shows it again.
 */
import type { Deps } from '../deps.js';
import { newApiKey, type ApiKeyKind, type ApiKeyRecord } from '../../domain/api-key.js';
import { NotFoundError } from '../../domain/errors.js';
import type { Alongside } from '../../ports/transaction-items.js';

export type ApiKeyDeps = Pick<Deps, 'apiKeys' | 'merchants' | 'config'>;

/** A key as the admin CLI prints it: never the key, never its hash. */
export interface ApiKeyView {
  key_id: string;
  type: ApiKeyKind;
  hint: string;
  created_at: string;
  created_by: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

export function apiKeyView(r: ApiKeyRecord): ApiKeyView {
  return {
    key_id: r.keyId,
    type: r.kind,
    hint: r.hint,
    created_at: r.createdAt,
    created_by: r.createdBy,
    revoked_at: r.revokedAt ?? null,
    revoked_by: r.revokedBy ?? null,
  };
}

export async function createApiKey(
  d: ApiKeyDeps,
  o: { clientKey: string; kind: ApiKeyKind; createdBy: string; now: Date },
  opts: Alongside = {},
): Promise<{ record: ApiKeyRecord; key: string }> {
  if (!(await d.merchants.get(o.clientKey))) throw NotFoundError.generic();
  const made = newApiKey({ ...o, stageKind: d.config.STAGE_KIND });
  await d.apiKeys.create(made.record, made.hash, opts);
  return { record: made.record, key: made.key };
}

/** Revokes at once: the key's next request is refused. Revoking a revoked key answers it as it is. */
export async function revokeApiKey(
  d: Pick<Deps, 'apiKeys'>,
  o: { clientKey: string; keyId: string; by: string; now: Date },
  opts: Alongside = {},
): Promise<ApiKeyRecord> {
  const revoked = await d.apiKeys.revoke(o.clientKey, o.keyId, o.by, o.now, opts);
  if (!revoked) throw NotFoundError.apiKey();
  return revoked;
}
