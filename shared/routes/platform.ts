import type { RouteDefinition } from './types.js';

export const platformRoutes: RouteDefinition[] = [
  { id: 'Health', method: 'GET', path: '/health', handler: 'functions/platform/health', grants: ['table:read'] },
];
