/** GET /docs — the API reference rendered by Redoc; the renderer and the document come from the platform, no CDN. */
import { createHash } from 'node:crypto';
import { html } from '../../shared/entry/http/http.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

// Relative URLs: /docs → /docs/redoc.standalone.js and /openapi.json, under any stage prefix.
const SCRIPT = `
import { init } from './docs/redoc.standalone.js';
init('./openapi.json', { disableTelemetry: true }, document.getElementById('redoc'));
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Open Payments Platform API</title>
<link rel="icon" href="data:,">
</head>
<body>
<div id="redoc"></div>
<script type="module">${SCRIPT}</script>
</body>
</html>
`;

// Scripts: our own origin, and this page's one inline script by its hash. Redoc injects styles and uses blob workers.
const scriptHash = createHash('sha256').update(SCRIPT, 'utf8').digest('base64');
const CSP = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${scriptHash}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export const handler = httpEndpoint('GET /docs', async () => html(200, PAGE, { 'content-security-policy': CSP }));
