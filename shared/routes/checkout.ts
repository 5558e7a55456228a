import type { RouteDefinition } from './types.js';

export const checkoutRoutes: RouteDefinition[] = [];
