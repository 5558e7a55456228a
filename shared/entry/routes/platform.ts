import type { RouteDefinition } from './types.js';

export const platformRoutes: RouteDefinition[] = [
  { id: 'Health', method: 'GET', path: '/health', handler: 'functions/platform/health', grants: ['table:read'] },
  // The API reference: static documents, no state — no grants at all.
  {
    id: 'OpenApiDocument',
    method: 'GET',
    path: '/openapi.json',
    handler: 'functions/platform/openapi',
    grants: [],
    // The document ships beside the bundle, read on the first request: bundled, it made this the largest function.
    bundleFiles: ['docs/openapi.json'],
  },
  { id: 'ApiDocs', method: 'GET', path: '/docs', handler: 'functions/platform/docs', grants: [] },
  {
    id: 'ApiDocsRenderer',
    method: 'GET',
    path: '/docs/redoc.standalone.js',
    handler: 'functions/platform/docs-renderer',
    grants: [],
    // Served by the platform itself (no CDN): the pinned Redoc build ships beside the bundle.
    bundleFiles: ['node_modules/@redocly/cli/lib/chunks/redoc.standalone.js'],
  },
];
