/**
 * Sending the payer of a Checkout page to an acquirer's own 3DS / redirect page (Adyen's RedirectShopper `action`):
 * a GET action is a 303 to its URL (its data, if any, in the query); a POST action is a form the page submits at
 * once, with a Continue button when scripts do not run. The form may post only to the acquirer's origin.
 */
import { randomBytes } from 'node:crypto';
import type { PageLanguage } from '../i18n.js';
import type { RenderedPage } from './render.js';
import { html } from '../../lib/html/template.js';

export interface AcquirerRedirect {
  url: string;
  method: 'GET' | 'POST';
  params: Record<string, string>;
}

export function renderAcquirerStep(redirect: AcquirerRedirect, lang: PageLanguage): RenderedPage {
  if (redirect.method === 'GET') {
    const url = new URL(redirect.url);
    for (const [name, value] of Object.entries(redirect.params)) url.searchParams.set(name, value);
    return { statusCode: 303, body: '', headers: { location: url.toString() } };
  }
  const nonce = randomBytes(18).toString('base64');
  const fields = Object.entries(redirect.params).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`);
  const body = html`<!doctype html>
<html lang="${lang.htmlLang}" dir="${lang.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${lang.t.threeDsTitle}</title></head>
<body>
<form id="acquirer-step" method="post" action="${redirect.url}">${fields}<p>${lang.t.threeDsTitle}</p><button type="submit">${lang.t.continue}</button></form>
<script nonce="${nonce}">document.getElementById('acquirer-step').submit();</script>
</body>
</html>`;
  return {
    statusCode: 200,
    body: body.toString(),
    headers: {
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; form-action ${new URL(redirect.url).origin}; base-uri 'none'`,
    },
  };
}
