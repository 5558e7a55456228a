/**
 * A merchant's risk rules, read and replaced by operators (`npm run admin -- risk rules show|set KEY`, docs/risk.md).
 * The whole file is checked first, every problem named; nothing is written unless it is all right. The check reads
 * the rules with its counters on every payment, so a change applies to the next one.
 */
import type { Deps } from '../deps.js';
import type { RiskRule } from '../../domain/risk-rules.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { parseRiskRules } from './rules-file.js';
import { noMerchant } from './manage-errors.js';

type ManageDeps = Pick<Deps, 'riskAdmin' | 'merchants' | 'clock'>;

export interface RiskRulesView {
  clientKey: string;
  rules: RiskRule[];
  updatedAt?: string;
}

export async function showRiskRules(d: ManageDeps, clientKey: string): Promise<RiskRulesView> {
  await mustExist(d, clientKey);
  return { clientKey, ...(await d.riskAdmin.riskRules(clientKey)) };
}

/** Replaces the merchant's rules with the file's (`{"rules": []}` removes them); throws an `invalid` RiskChangeError naming every problem. */
export async function setRiskRules(d: ManageDeps, clientKey: string, file: unknown, opts: Alongside = {}): Promise<RiskRulesView> {
  await mustExist(d, clientKey);
  const rules = parseRiskRules(file);
  const updatedAt = d.clock.now().toISOString();
  await d.riskAdmin.saveRiskRules(clientKey, rules, updatedAt, opts);
  return { clientKey, rules, updatedAt };
}

async function mustExist(d: ManageDeps, clientKey: string): Promise<void> {
  if (!(await d.merchants.get(clientKey))) throw noMerchant(clientKey);
}
