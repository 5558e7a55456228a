/** GET /docs — the API reference rendered by Redoc; the renderer and the document come from the platform, no CDN. */
import { html, httpHandler } from '../../shared/http/http.js';
import { toCheckoutError } from '../../shared/protocol/error-wire.js';

// Relative URLs: /docs → /docs/redoc.standalone.js and /openapi.json, under any stage prefix.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Open Payments Platform API</title>
</head>
<body>
<div id="redoc"></div>
<script type="module">
import { init } from './docs/redoc.standalone.js';
init('./openapi.json', { disableSearch: false }, document.getElementById('redoc'));
</script>
</body>
</html>
`;

// Only our own origin for scripts and the document; Redoc injects styles and uses blob workers.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; base-uri 'none'; form-action 'none'";

export const handler = httpHandler('GET /docs', async () => html(200, PAGE, { 'content-security-policy': CSP }), (err) => toCheckoutError(err));
