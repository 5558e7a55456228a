/**
 * MID selection with the merchant's routing rules (docs/routing.md). The first matching rule names the MIDs; the
 * MID checks of 6.7.0 (mode, MOTO, zero amount: payment/routing.ts) still apply to them, with the same errors. One of
 * the rule's MIDs is picked by weight; the others, in the rule's order, are where a soft decline cascades to.
 * Without rules, or when none matches, routing is what it was: routePayment on all the merchant's MIDs.
 * MID health (health.ts): a MID of the rule that is open, or half-open with its trial held by another payment, is
 * skipped — neither first nor a fallback — unless every usable MID of the rule is: then the rule's first is used, so
 * no payment is refused only for that. A half-open MID still routed to is claimed before it is called (payment/internal/cascade.ts).
 */
import type { Mid } from '../../domain/merchant.js';
import type { PaymentFacts, RoutingTable, RuleMid } from '../../domain/routing.js';
import { routePayment, type Route, type RoutingNeeds } from '../payment/index.js';
import { firstMatchingRule } from './match.js';
import { routingRandom } from './random.js';
import type { Cascade } from '../payment/index.js';
import { isSoftDecline } from './soft-declines.js';
import type { RoutingHealth } from './health.js';
import { midAvailable } from '../../domain/mid-health.js';

export interface RoutedPayment extends Route {
  /** MIDs to try next on a soft decline, in order (empty without a matching rule). */
  fallbacks: Route[];
  /** The most MIDs one request may try (the table's maxAttempts; 1 without a matching rule). */
  maxAttempts: number;
  /** The soft-decline list of the table, if it has its own. */
  softDeclines?: string[];
  /** Set when a rule routed the payment and routing knew the MIDs' health: where each MID's result is recorded. */
  health?: RoutingHealth;
}

export interface RoutingOptions {
  /** The MIDs' health (health.ts routingHealth); without it every MID counts as closed. */
  health?: RoutingHealth;
  random?: () => number;
}

export function routeWithRules(
  mids: Mid[],
  table: RoutingTable | undefined,
  needs: RoutingNeeds,
  facts: PaymentFacts,
  opts: RoutingOptions = {},
): RoutedPayment {
  const { health, random = routingRandom } = opts;
  const rule = firstMatchingRule(table, facts);
  if (!rule || !table) return { ...routePayment(mids, needs), fallbacks: [], maxAttempts: 1 };
  const byId = new Map(mids.map((m) => [m.midId, m]));
  const listed = rule.mids.flatMap((r) => {
    const mid = byId.get(r.midId);
    return mid ? [{ rule: r, mid }] : [];
  });
  // The same checks, and errors, as without rules, on the rule's MIDs only: tells which tier (held or not) is used.
  const best = routePayment(
    listed.map((l) => l.mid),
    needs,
  );
  const usable = listed.flatMap((l) => {
    const route = routeOf(l.mid, needs);
    return route && route.authorize === best.authorize ? [{ ...l, route }] : [];
  });
  const closed = health ? usable.filter((u) => midAvailable(health.states[u.mid.midId], health.now)) : usable;
  // Every usable MID open: the rule's first takes the payment (and the others stay its fallbacks).
  const pool = closed.length > 0 ? closed : usable;
  const first =
    closed.length > 0
      ? pickByWeight(
          pool.map((u) => u.rule),
          random,
        )
      : 0;
  const chosen = pool[first]!;
  return {
    ...chosen.route,
    fallbacks: pool.filter((_, i) => i !== first).map((u) => u.route),
    maxAttempts: table.maxAttempts,
    softDeclines: table.softDeclines,
    ...(health ? { health } : {}),
  };
}

/**
 * Where a soft decline of the payment may go next, and where MID health is recorded (payment/internal/cascade.ts); undefined: neither.
 * With health, the fallbacks are passed on even without cascading: a payment goes on to them instead of a half-open
 * MID whose trial another payment holds.
 */
export function cascadeOf(routed: RoutedPayment): Cascade | undefined {
  const cascading = routed.fallbacks.length > 0 && routed.maxAttempts >= 2;
  if (!cascading && !routed.health) return undefined;
  return {
    fallbacks: routed.fallbacks.map((r) => r.mid),
    maxAttempts: cascading ? routed.maxAttempts : 1,
    isSoftDecline: (outcome) => isSoftDecline(outcome, routed.softDeclines),
    ...(routed.health ? { health: routed.health.recorder } : {}),
  };
}

/** The route of one MID, or undefined when it cannot take the payment. */
function routeOf(mid: Mid, needs: RoutingNeeds): Route | undefined {
  try {
    return routePayment([mid], needs);
  } catch {
    return undefined;
  }
}

/**
 * Index of the MID a payment goes to first: weights as shares of [0, 1) in the rule's order. MIDs of weight 0 are
 * never first (they serve cascades only), unless no usable MID has a weight.
 */
export function pickByWeight(mids: RuleMid[], random: () => number): number {
  const total = mids.reduce((s, m) => s + m.weight, 0);
  if (total <= 0) return 0;
  let point = random() * total;
  for (let i = 0; i < mids.length; i++) {
    if (mids[i]!.weight <= 0) continue;
    if (point < mids[i]!.weight) return i;
    point -= mids[i]!.weight;
  }
  // Floating point at the very end of the range: the last MID with a weight.
  return mids.map((m) => m.weight > 0).lastIndexOf(true);
}
