/**
 * A merchant's risk thresholds, read and changed by operators (`npm run admin -- risk settings …`, docs/risk.md).
 * A change applies to the next payment: the check reads the thresholds with its counters on every payment.
 */
import type { Deps } from '../deps.js';
import type { RiskSettings } from '../../ports/risk-store.js';
import { COUNTER_KEEP_SECONDS } from './check.js';
import { DEFAULT_THRESHOLDS, thresholdsOf, type Thresholds } from './settings.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { noMerchant, RiskChangeError } from './manage-errors.js';

export interface RiskSettingsView {
  clientKey: string;
  /** What applies: the merchant's own values over the defaults. */
  thresholds: Thresholds;
  /** The values the merchant set (the others are the defaults). */
  overrides: RiskSettings;
}

type ManageDeps = Pick<Deps, 'riskAdmin' | 'merchants'>;

export async function showRiskSettings(d: ManageDeps, clientKey: string): Promise<RiskSettingsView> {
  await mustExist(d, clientKey);
  const overrides = await d.riskAdmin.settings(clientKey);
  return { clientKey, thresholds: thresholdsOf(overrides), overrides };
}

/** Sets the given thresholds (the others keep their value); `reset` first drops every override. */
export async function setRiskSettings(
  d: ManageDeps,
  clientKey: string,
  change: RiskSettings,
  opts: { reset?: boolean } & Alongside = {},
): Promise<RiskSettingsView> {
  await mustExist(d, clientKey);
  const problems = Object.entries(change).flatMap(([k, v]) => problemOf(k as keyof RiskSettings, v as number));
  if (problems.length) throw new RiskChangeError('invalid', problems.join('\n'), problems);
  const overrides = { ...(opts.reset ? {} : await d.riskAdmin.settings(clientKey)), ...change };
  await d.riskAdmin.saveSettings(clientKey, overrides, { alongside: opts.alongside });
  return { clientKey, thresholds: thresholdsOf(overrides), overrides };
}

function problemOf(key: keyof RiskSettings, v: number): string[] {
  if (!Object.hasOwn(DEFAULT_THRESHOLDS, key)) return [`${key}: not a risk threshold`];
  if (!Number.isInteger(v) || v < 1) return [`${key}: must be a whole number of at least 1 (got ${v})`];
  // Counters keep a day of entries: a longer window or cool-down would silently count less.
  if (key.endsWith('Seconds') && v > COUNTER_KEEP_SECONDS) return [`${key}: at most ${COUNTER_KEEP_SECONDS} s (24 h)`];
  return [];
}

async function mustExist(d: ManageDeps, clientKey: string): Promise<void> {
  if (!(await d.merchants.get(clientKey))) throw noMerchant(clientKey);
}
