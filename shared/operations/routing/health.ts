/**
 * MID health in routing (docs/routing.md "MID health"): what routing knows of each MID's circuit when it picks one,
 * and the recorder the payment reports each MID's connector result to. A failure (the connector threw: a timeout, an
 * error, an acquirer not reached — never a decline) is counted by one conditional UpdateItem; an answer from a MID
 * that routing saw open or half-open closes it; an answer from a closed MID writes nothing, so the healthy SALE costs
 * what it did. A half-open MID takes one trial payment at a time: the payment claims the trial (one conditional
 * UpdateItem, only for a half-open MID) before its connector is called, and a payment that loses the claim goes on
 * to the next MID. Opening and closing are logged (INFO) and counted (MidCircuitOpened, MidCircuitClosed).
 */
import type { Deps } from '../deps.js';
import type { MerchantConfig, Mid } from '../../domain/merchant.js';
import {
  admitsAfterRefusedClaim,
  closesAfterAnswer,
  DEFAULT_MID_HEALTH_POLICY,
  midHealthView,
  needsTrialClaim,
  type MidHealth,
  type MidHealthPolicy,
  type MidHealthView,
} from '../../domain/mid-health.js';
import type { RoutingTable } from '../../domain/routing.js';
import { logger } from '../../lib/logger.js';
import { noteMetric } from '../../lib/telemetry.js';
import { onMerchantClock } from '../clock/merchant-clocks.js';
import type { MidHealthRecorder } from '../payment/index.js';

export interface RoutingHealth {
  /** The time routing compares cool-downs with (the merchant's clock on a sandbox). */
  now: Date;
  /** Each MID's health as the merchant's configuration holds it; a MID without one is closed. */
  states: Record<string, MidHealth>;
  recorder: MidHealthRecorder;
}

export function healthPolicyOf(table: RoutingTable | undefined): MidHealthPolicy {
  return { ...DEFAULT_MID_HEALTH_POLICY, ...table?.health };
}

/** What routing needs of the MIDs' health, from the configuration the request already loaded (no read of its own). */
export function routingHealth(
  d: Pick<Deps, 'merchants' | 'clock'>,
  config: Pick<MerchantConfig, 'merchant' | 'routing' | 'midHealth'>,
): RoutingHealth {
  const states = config.midHealth ?? {};
  return { now: d.clock.now(), states, recorder: midHealthRecorder(d, config.merchant.clientKey, states, healthPolicyOf(config.routing)) };
}

export function midHealthRecorder(
  d: Pick<Deps, 'merchants' | 'clock'>,
  clientKey: string,
  seen: Record<string, MidHealth>,
  policy: MidHealthPolicy,
): MidHealthRecorder {
  return {
    async admits(mid) {
      const state = seen[mid.midId];
      const now = d.clock.now();
      if (!needsTrialClaim(state, now)) return true;
      try {
        const claim = await d.merchants.claimMidTrial(clientKey, mid.midId, state!.openedAt!, now);
        return claim.claimed || admitsAfterRefusedClaim(claim.health, now);
      } catch (err) {
        logger.warn('MID health: trial not claimed', { clientKey, midId: mid.midId, error: (err as Error).message });
        return true;
      }
    },
    async failed(mid) {
      try {
        const { health, opened } = await d.merchants.recordMidFailure(clientKey, mid.midId, d.clock.now(), policy);
        if (!opened) return;
        logger.info('MID circuit opened', { clientKey, midId: mid.midId, failures: health.failures, reopensAt: health.reopensAt });
        noteMetric('MidCircuitOpened', 1);
      } catch (err) {
        logger.warn('MID health: failure not recorded', { clientKey, midId: mid.midId, error: (err as Error).message });
      }
    },
    async answered(mid) {
      const state = seen[mid.midId];
      if (!closesAfterAnswer(state)) return;
      try {
        if (!(await d.merchants.closeMidCircuit(clientKey, mid.midId, state!.openedAt!, d.clock.now()))) return;
        logger.info('MID circuit closed', { clientKey, midId: mid.midId, failures: state!.failures });
        noteMetric('MidCircuitClosed', 1);
      } catch (err) {
        logger.warn('MID health: close not recorded', { clientKey, midId: mid.midId, error: (err as Error).message });
      }
    },
  };
}

/**
 * The merchant's MIDs with their health as `mids list` (and the console) show it, by the merchant's clock (a sandbox's
 * test clock moves cool-downs too); undefined for an unknown merchant.
 */
export async function midsWithHealth(
  d: Pick<Deps, 'merchants' | 'clock'>,
  clientKey: string,
): Promise<(Mid & { health: MidHealthView })[] | undefined> {
  const config = await d.merchants.get(clientKey);
  if (!config) return undefined;
  const now = (await onMerchantClock(d, clientKey, { force: true })).clock.now();
  return config.mids.map((m) => ({ ...m, health: midHealthView(config.midHealth?.[m.midId], now) }));
}
