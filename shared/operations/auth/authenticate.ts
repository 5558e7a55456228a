/**
 * The merchant a request names, as every merchant API authenticates it (S2S CARD, S2S APM, Checkout, the
 * hosted-fields session). An unknown key gets a decoy: a merchant with a random password nobody knows and no MIDs.
 * The request then runs its usual steps and fails at the hash check exactly as a known key with a wrong hash does:
 * same HTTP status, same body, the same hash work, so client keys cannot be enumerated.
 */
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { DEFAULT_MAPPINGS, type MerchantConfig } from '../../domain/merchant.js';

export async function authenticateMerchant(d: Deps, clientKey: string): Promise<MerchantConfig> {
  const config = await d.merchants.get(clientKey);
  return config ?? decoyMerchant(clientKey);
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
