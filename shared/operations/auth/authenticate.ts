/**
 * The merchant a request names, as every merchant API authenticates it (S2S CARD, S2S APM, Checkout, the
 * hosted-fields session). An unknown key gets a decoy: a merchant with a random password nobody knows and no MIDs.
 * The request then runs its usual steps and fails at the hash check exactly as a known key with a wrong hash does:
 * same HTTP status, same body, the same hash work, so client keys cannot be enumerated. A known key called from
 * outside the merchant's API IP allowlist gets the decoy too: the allowlist does not reveal itself either.
 */
import { randomBytes } from 'node:crypto';
import type { Deps } from '../deps.js';
import { DEFAULT_MAPPINGS, type MerchantConfig } from '../../domain/merchant.js';
import { cidrContains, parseIp } from '../../lib/net/ip-address.js';
import { logger } from '../../lib/logger.js';

const MAX_CLIENT_KEY_LENGTH = 128;

/** `sourceIp`: API Gateway's requestContext.http.sourceIp (the local gateway: the socket's address). */
export async function authenticateMerchant(
  d: Pick<Deps, 'merchants'>,
  clientKey: string,
  sourceIp: string | undefined,
): Promise<MerchantConfig> {
  // No client key is longer; a longer one would exceed DynamoDB's key size and fail the lookup (a 500).
  if (clientKey.length > MAX_CLIENT_KEY_LENGTH) return decoyMerchant(clientKey.slice(0, MAX_CLIENT_KEY_LENGTH));
  const config = await d.merchants.get(clientKey);
  if (!config) return decoyMerchant(clientKey);
  if (!sourceAllowed(config.merchant.apiIpAllowlist, sourceIp)) {
    logger.warn('merchant API call from outside its IP allowlist', { clientKey, sourceIp });
    return decoyMerchant(clientKey);
  }
  return config;
}

export function sourceAllowed(allowlist: string[] | undefined, sourceIp: string | undefined): boolean {
  if (!allowlist?.length) return true;
  const ip = sourceIp ? parseIp(sourceIp) : undefined;
  // An IPv4-mapped source (::ffff:a.b.c.d) is matched against IPv4 blocks too (BlockList maps it).
  return !!ip && allowlist.some((entry) => cidrContains(entry, ip));
}

/**
 * Default settings (what a new merchant has), so validation before the hash check answers as for a real merchant.
 * Every action checks the hash before it writes anything; the random password makes that check fail.
 */
function decoyMerchant(clientKey: string): MerchantConfig {
  return {
    merchant: {
      clientKey,
      name: '',
      password: randomBytes(16).toString('hex'),
      hashAlgorithm: 'md5',
      mappings: { ...DEFAULT_MAPPINGS },
      requiredPayerFields: [],
      termsCheckbox: false,
      createdAt: new Date(0).toISOString(),
    },
    mids: [],
  };
}
