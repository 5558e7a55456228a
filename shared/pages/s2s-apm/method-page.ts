/**
 * HTML of the sandbox method's page (the redirect_url of an APM REDIRECT answer): the payer approves or cancels.
 * Every value is escaped; the page runs no script.
 */
import { htmlOpen, messagePage, type HtmlPage } from '../s2s-card/threeds-page.js';
import { html } from '../../lib/html/template.js';
import { fill, type PageLanguage } from '../i18n.js';

export { messagePage, type HtmlPage };

export function methodPage(opts: {
  action: string;
  token: string;
  brand: string;
  amount: string;
  descriptor: string;
  lang: PageLanguage;
}): HtmlPage {
  const token = html`<input type="hidden" name="token" value="${opts.token}">`;
  const { t } = opts.lang;
  return {
    body: html`<!doctype html>${htmlOpen(opts.lang)}<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.methodPageTitle}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}</style></head>
<body><h1>${t.methodPageTitle}</h1>
<p>${opts.descriptor}: <strong>${opts.amount}</strong> ${fill(t.withMethod, { method: opts.brand })}</p>
<form method="post" action="${opts.action}">${token}<button type="submit" name="decision" value="approve" id="approve">${t.payButton}</button><button type="submit" name="decision" value="cancel" id="cancel">${t.cancelButton}</button></form>
</body></html>`.toString(),
    headers: { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'" },
  };
}
