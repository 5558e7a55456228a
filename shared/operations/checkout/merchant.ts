/** Checkout requests name their merchant by merchant_key; the password only ever signs hashes. */
import type { Deps } from '../deps.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import { ValidationError } from '../../domain/errors.js';
import { MESSAGES } from '../../protocol/fields.js';
import { authenticateMerchant } from '../auth/authenticate.js';

/** `callerIp`: the request's source IP, checked against the merchant's API IP allowlist. */
export async function checkoutMerchant(
  d: Pick<Deps, 'merchants'>,
  merchantKey: unknown,
  callerIp: string | undefined,
): Promise<MerchantConfig> {
  if (typeof merchantKey !== 'string' || merchantKey === '') throw ValidationError.field('merchant_key', MESSAGES.blank);
  // An unknown key fails at the operation's hash check, like a wrong hash (no key enumeration).
  return authenticateMerchant(d, merchantKey, callerIp);
}
