/**
 * Who calls a merchant API route: the client key of X-Client-Key, proven by X-Signature over the request with the
 * merchant's password (shared/protocol/merchant-api/request-signature.ts). A missing header, an unknown key, a key
 * called from outside its API IP allowlist, a wrong signature and a timestamp more than 5 minutes off all get the
 * same 401 after the same work (an HMAC with a password nobody knows): client keys cannot be probed.
 */
import { randomBytes } from 'node:crypto';
import type { Deps } from '../deps.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import { SignatureError } from '../../errors.js';
import { signatureMatches, timestampFresh, type SignedRequest } from '../../protocol/merchant-api/request-signature.js';
import { authenticateMerchant } from '../auth/authenticate.js';

export interface MerchantApiRequest extends Omit<SignedRequest, 'timestamp'> {
  clientKey: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  sourceIp: string | undefined;
}

export async function authenticateMerchantRequest(d: Pick<Deps, 'merchants'>, r: MerchantApiRequest, realNow: Date): Promise<MerchantConfig> {
  // authenticateMerchant answers an unknown key (or a refused address) with a decoy holding a random password.
  const config = r.clientKey ? await authenticateMerchant(d, r.clientKey, r.sourceIp) : undefined;
  const password = config?.merchant.password ?? randomBytes(16).toString('hex');
  const timestamp = r.timestamp ?? '';
  const matches = signatureMatches(password, { method: r.method, path: r.path, query: r.query, timestamp, body: r.body }, r.signature ?? '');
  if (!config || !matches || !timestampFresh(timestamp, realNow)) throw SignatureError.invalid();
  return config;
}
