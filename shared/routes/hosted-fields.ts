import type { RouteDefinition } from './types.js';

/** Hosted Payment Fields (session token, client script, processing, session update). */
export const hostedFieldsRoutes: RouteDefinition[] = [];
