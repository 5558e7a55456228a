/**
 * Every fuzz target, one or more per public route (S2S: one per action), and the checks that none is missing:
 * a route or action added to the platform without a target here makes the coverage test fail.
 */
import { ROUTES } from '../../shared/entry/routes/index.js';
import { S2S_CARD_ACTIONS } from '../../shared/operations/s2s-card/index.js';
import { S2S_APM_ACTIONS } from '../../shared/operations/s2s-apm/index.js';
import type { FuzzTarget } from './target.js';
import { s2sCardTargets } from './targets/s2s-card.js';
import { s2sApmTargets } from './targets/s2s-apm.js';
import { checkoutApiTargets } from './targets/checkout.js';
import { hostedFieldsTargets } from './targets/hosted-fields.js';
import { pageTargets } from './targets/pages.js';
import { providerTargets } from './targets/providers.js';
import { consoleTargets } from './targets/console.js';
import { merchantApiTargets } from './targets/merchant-api.js';

export type { FuzzTarget } from './target.js';

export const FUZZ_TARGETS: FuzzTarget[] = [
  ...s2sCardTargets,
  ...s2sApmTargets,
  ...providerTargets,
  ...checkoutApiTargets,
  ...hostedFieldsTargets,
  ...pageTargets,
  ...consoleTargets,
  ...merchantApiTargets,
];

export const FUZZ_GROUPS: string[] = [...new Set(FUZZ_TARGETS.map((t) => t.group))];

/** Route keys ("POST /post") of the route table that no target drives. */
export function uncoveredRoutes(): string[] {
  const covered = new Set(FUZZ_TARGETS.map((t) => t.route));
  return ROUTES.map((r) => `${r.method} ${r.path}`).filter((k) => !covered.has(k));
}

/** Targets naming a route the platform does not have (a renamed route would otherwise be fuzzed as a 404). */
export function staleTargets(): string[] {
  const routes = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
  return FUZZ_TARGETS.filter((t) => !routes.has(t.route)).map((t) => t.name);
}

/** S2S actions the platform dispatches that have no target, per route. */
export function uncoveredActions(): string[] {
  const missing: string[] = [];
  for (const [route, actions] of [
    ['POST /post', S2S_CARD_ACTIONS],
    ['POST /v2/post', S2S_CARD_ACTIONS],
    ['POST /post-va', S2S_APM_ACTIONS],
  ] as const) {
    const covered = new Set(FUZZ_TARGETS.filter((t) => t.route === route).map((t) => t.action));
    for (const action of actions.keys()) if (!covered.has(action)) missing.push(`${route} ${action}`);
  }
  return missing;
}
