import type { RouteDefinition } from './types.js';
import type { StageKind } from '../../lib/config.js';

/** The routes a stage serves: sandbox-only routes (the hosted-fields demo page) only in a sandbox, never live. */
export function routesForStage(routes: readonly RouteDefinition[], stage: { kind: StageKind }): RouteDefinition[] {
  return routes.filter((r) => !r.sandboxOnly || stage.kind === 'sandbox');
}
