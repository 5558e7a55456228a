/**
 * A MID's limits, set by operators (`npm run admin -- mids update KEY MID_ID --min-amount … --max-amount …
 * --daily-cap …`, docs/risk.md "Limits per MID"). Amounts are decimal text, read in each payment's currency; `none`
 * removes a limit. A change applies within the merchant configuration's cache time (CONFIG_CACHE_TTL_SECONDS).
 */
import type { Deps } from '../deps.js';
import type { Mid, MidLimits } from '../../domain/merchant.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { invalid, noMerchant, RiskChangeError } from './manage-errors.js';

const DECIMAL = /^\d{1,15}(\.\d{1,4})?$/;
const LIMIT_FIELDS = { minAmount: '--min-amount', maxAmount: '--max-amount', dailyCap: '--daily-cap' } as const;

/** Each limit: decimal text to set, `none` to remove, absent to keep. */
export type MidLimitsChange = Partial<Record<keyof MidLimits, string>>;

export async function updateMidLimits(
  d: Pick<Deps, 'merchants'>,
  clientKey: string,
  midId: string,
  change: MidLimitsChange,
  opts: Alongside = {},
): Promise<Mid> {
  const config = await d.merchants.get(clientKey);
  if (!config) throw noMerchant(clientKey);
  const mid = config.mids.find((m) => m.midId === midId);
  if (!mid)
    throw new RiskChangeError('not-found', `No MID ${midId} for ${clientKey}. See them with: npm run admin -- mids list ${clientKey}`);
  const problems: string[] = [];
  const limits: MidLimits = { ...mid.limits };
  for (const [field, option] of Object.entries(LIMIT_FIELDS) as [keyof MidLimits, string][]) {
    const text = change[field]?.trim();
    if (text === undefined) continue;
    if (text === 'none') delete limits[field];
    else if (!DECIMAL.test(text))
      problems.push(`${option}: an amount in the payment's currency, e.g. 5000.00 (or none to remove it); got "${text}"`);
    else limits[field] = text;
  }
  if (limits.minAmount !== undefined && limits.maxAmount !== undefined && scaled(limits.minAmount) > scaled(limits.maxAmount)) {
    problems.push(`--min-amount ${limits.minAmount} is above --max-amount ${limits.maxAmount}: no payment would fit`);
  }
  if (limits.dailyCap !== undefined && scaled(limits.dailyCap) === 0n)
    problems.push('--daily-cap 0 would refuse every payment: disable the MID instead');
  if (problems.length) throw invalid('The MID limits are not valid:', problems);
  const { limits: _old, ...rest } = mid;
  const kept = Object.keys(limits).length ? limits : undefined;
  await d.merchants.setMidLimits(clientKey, midId, kept, opts);
  return { ...rest, ...(kept ? { limits: kept } : {}) };
}

/** Decimal text as ten-thousandths, to compare two limits without a float. */
function scaled(text: string): bigint {
  const [i, f = ''] = text.split('.');
  return BigInt(`${i}${f.padEnd(4, '0')}`);
}
