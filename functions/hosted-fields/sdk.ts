/** GET /sdk/hosted-fields.js — the client library merchant pages load. */
import { config } from '../../shared/entry/composition/core.js';

import { hostedFieldsScript } from '../../shared/pages/hosted-fields/sdk-script.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

/** Rendered once per origin: a process that restarts its platform elsewhere (the local one, tests) serves the new one. */
let rendered: { origin: string; script: string } | undefined;

export const handler = httpEndpoint('GET /sdk/hosted-fields.js', async () => {
  const origin = config().PUBLIC_BASE_URL;
  if (rendered?.origin !== origin) rendered = { origin, script: hostedFieldsScript(origin) };
  return {
    statusCode: 200,
    headers: {
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': '*',
    },
    body: rendered.script,
  };
});
