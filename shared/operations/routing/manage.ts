/** Setting and reading a merchant's routing rules (admin CLI `routing set|show`, docs/routing.md). */
import type { Deps } from '../deps.js';
import type { RoutingTable } from '../../domain/routing.js';
import { parseRoutingRules } from './validate.js';

export class UnknownMerchantError extends Error {
  constructor() {
    super('No merchant with that client key.');
  }
}

/** Validates the rules against the merchant's MIDs and writes them as the next version. */
export async function setRouting(
  d: Pick<Deps, 'merchants' | 'clock'>,
  clientKey: string,
  rules: unknown,
  opts: { maxAttempts?: number } = {},
): Promise<RoutingTable> {
  const config = await d.merchants.get(clientKey);
  if (!config) throw new UnknownMerchantError();
  const parsed = parseRoutingRules(rules, config.mids, opts);
  const table: RoutingTable = { version: (config.routing?.version ?? 0) + 1, ...parsed, updatedAt: d.clock.now().toISOString() };
  await d.merchants.putRouting(clientKey, table);
  return table;
}

export async function showRouting(d: Pick<Deps, 'merchants'>, clientKey: string): Promise<RoutingTable | { rules: []; note: string }> {
  const config = await d.merchants.get(clientKey);
  if (!config) throw new UnknownMerchantError();
  return (
    config.routing ?? { rules: [], note: 'No routing rules: MIDs are chosen by payment mode, MOTO and zero amount (docs/routing.md).' }
  );
}
