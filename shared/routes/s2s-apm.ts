import type { RouteDefinition } from './types.js';

/** S2S APM (/post-va): filled in by the APM feature. */
export const s2sApmRoutes: RouteDefinition[] = [];
