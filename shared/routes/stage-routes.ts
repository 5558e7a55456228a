import type { RouteDefinition } from './types.js';

/** The routes a stage serves: sandbox-only routes (the hosted-fields demo page) only where `sandbox` is on. */
export function routesForStage(routes: readonly RouteDefinition[], stage: { sandbox: boolean }): RouteDefinition[] {
  return routes.filter((r) => !r.sandboxOnly || stage.sandbox);
}
