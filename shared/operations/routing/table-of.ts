/** A merchant's routing table, for flows that were handed its MIDs only (from the per-container config cache). */
import type { Deps } from '../deps.js';
import type { RoutingTable } from '../../domain/routing.js';

export async function routingTableOf(d: Pick<Deps, 'merchants'>, clientKey: string): Promise<RoutingTable | undefined> {
  return (await d.merchants.get(clientKey))?.routing;
}
