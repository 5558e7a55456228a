import type { RouteDefinition } from './types.js';

export const platformRoutes: RouteDefinition[] = [
  {
    id: 'Health',
    method: 'GET',
    path: '/health',
    handler: 'functions/platform/health',
    grants: ['table:read'],
    doc: { tag: 'Platform', summary: 'Health: 200 {"status":"ok"} once the table answers.', auth: 'public', answers: 'application/json' },
  },
  // The API reference: static documents, no state — no grants at all.
  {
    id: 'OpenApiDocument',
    method: 'GET',
    path: '/openapi.json',
    handler: 'functions/platform/openapi',
    grants: [],
    // The document ships beside the bundle, read on the first request: bundled, it made this the largest function.
    bundleFiles: ['docs/openapi.json'],
    doc: { tag: 'Platform', summary: 'This OpenAPI document.', auth: 'public', answers: 'application/json' },
  },
  {
    id: 'ApiDocs',
    method: 'GET',
    path: '/docs',
    handler: 'functions/platform/docs',
    grants: [],
    doc: { tag: 'Platform', summary: 'This reference, rendered (Redoc, served by the platform).', auth: 'public' },
  },
  {
    id: 'ApiDocsRenderer',
    method: 'GET',
    path: '/docs/redoc.standalone.js',
    handler: 'functions/platform/docs-renderer',
    grants: [],
    // Served by the platform itself (no CDN): the pinned Redoc build ships beside the bundle.
    bundleFiles: ['node_modules/@redocly/cli/lib/chunks/redoc.standalone.js'],
    doc: { tag: 'Platform', summary: 'The Redoc renderer script the reference page loads.', auth: 'public', answers: 'text/javascript' },
  },
];
