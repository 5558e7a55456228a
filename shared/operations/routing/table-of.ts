/** A merchant's routing table, for flows that were handed its MIDs only (from the per-container config cache). */
import type { Deps } from '../deps.js';
import type { RoutingTable } from '../../domain/routing.js';
import { routingHealth, type RoutingHealth } from './health.js';

export async function routingTableOf(d: Pick<Deps, 'merchants'>, clientKey: string): Promise<RoutingTable | undefined> {
  return (await d.merchants.get(clientKey))?.routing;
}

/** The routing table and the MIDs' health, from the one configuration read; pass it to routeWithRules as its options. */
export async function routingOf(
  d: Pick<Deps, 'merchants' | 'clock'>,
  clientKey: string,
): Promise<{ table?: RoutingTable; health?: RoutingHealth }> {
  const config = await d.merchants.get(clientKey);
  if (!config) return {};
  return { table: config.routing, health: routingHealth(d, config) };
}
