/**
 * Who calls a merchant API route, in one of two ways (docs/merchant-api.md):
 * - `Authorization: Bearer <API key>`: a key the merchant created (shared/domain/api-key.ts), looked up by its
 *   SHA-256 and compared in constant time. An unknown, revoked or malformed key, and a key called from outside its
 *   merchant's API IP allowlist, all get the same 401. The lookup by hash tells nothing about keys one does not hold.
 * - The client key of X-Client-Key, proven by X-Signature over the request with the merchant's password
 *   (shared/protocol/merchant-api/request-signature.ts). A missing header, an unknown key, a key called from outside
 *   its API IP allowlist, a wrong signature and a timestamp more than 5 minutes off all get the same 401 after the
 *   same work (an HMAC with a password nobody knows): client keys cannot be probed.
 */
import { randomBytes } from 'node:crypto';
import type { Deps } from '../deps.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import { apiKeyHash, hashesEqual, looksLikeApiKey } from '../../domain/api-key.js';
import { SignatureError } from '../../domain/errors.js';
import { signatureMatches, timestampFresh, type SignedRequest } from '../../protocol/merchant-api/request-signature.js';
import { authenticateMerchant, sourceAllowed } from '../auth/authenticate.js';

export interface MerchantApiRequest extends Omit<SignedRequest, 'timestamp'> {
  /** The Authorization header: "Bearer <API key>" selects key authentication. */
  authorization?: string | undefined;
  clientKey: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  sourceIp: string | undefined;
}

/** What the caller may do: `password` and `secret` everything, `read_only` only the routes that read. */
export type MerchantApiAccess = 'password' | 'secret' | 'read_only';

export interface MerchantApiCaller {
  config: MerchantConfig;
  access: MerchantApiAccess;
  /** The API key's id, when a key authenticated the request (for the logs; never the key). */
  keyId?: string;
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export async function authenticateMerchantRequest(
  d: Pick<Deps, 'merchants' | 'apiKeys'>,
  r: MerchantApiRequest,
  realNow: Date,
): Promise<MerchantApiCaller> {
  if (r.authorization !== undefined) return authenticateApiKey(d, r.authorization, r.sourceIp);
  // authenticateMerchant answers an unknown key (or a refused address) with a decoy holding a random password.
  const config = r.clientKey ? await authenticateMerchant(d, r.clientKey, r.sourceIp) : undefined;
  const password = config?.merchant.password ?? randomBytes(16).toString('hex');
  const timestamp = r.timestamp ?? '';
  const matches = signatureMatches(
    password,
    { method: r.method, path: r.path, query: r.query, timestamp, body: r.body },
    r.signature ?? '',
  );
  if (!config || !matches || !timestampFresh(timestamp, realNow)) throw SignatureError.invalid();
  return { config, access: 'password' };
}

async function authenticateApiKey(
  d: Pick<Deps, 'merchants' | 'apiKeys'>,
  authorization: string,
  sourceIp: string | undefined,
): Promise<MerchantApiCaller> {
  const key = BEARER.exec(authorization)?.[1];
  if (!key || !looksLikeApiKey(key)) throw SignatureError.invalidApiKey();
  const hash = apiKeyHash(key);
  const stored = await d.apiKeys.byHash(hash);
  if (!stored || !hashesEqual(stored.hash, hash)) throw SignatureError.invalidApiKey();
  const config = await d.merchants.get(stored.clientKey);
  if (!config || !sourceAllowed(config.merchant.apiIpAllowlist, sourceIp)) throw SignatureError.invalidApiKey();
  return { config, access: stored.kind === 'read_only' ? 'read_only' : 'secret', keyId: stored.keyId };
}
