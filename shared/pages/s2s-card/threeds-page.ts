/**
 * HTML of the platform's own authentication page (the redirect_url of a 3DS / REDIRECT answer) and of the return
 * step that sends the payer to term_url_3ds. Every value is escaped; scripts run only with the page's nonce.
 * Return step: the form opens in the link target (merchant override, else term_url_target, else _top). Inside an
 * iframe a _top navigation needs a user gesture, so there the payer sees a Continue button instead of an auto-submit.
 * Every text is in the payment's page language (pages/i18n.ts); Arabic is laid out right to left.
 */
import { randomBytes } from 'node:crypto';
import { fill, pageLanguage, type PageLanguage } from '../i18n.js';
import { html, trusted, type SafeHtml } from '../../lib/html/template.js';

export interface HtmlPage {
  body: string;
  headers: Record<string, string>;
}

/** The html element of a payer page in this language (lang, and dir="rtl" for Arabic). */
export function htmlOpen(lang: PageLanguage): SafeHtml {
  return html`<html lang="${lang.htmlLang}" dir="${lang.dir}">`;
}

function page(lang: PageLanguage, title: string, content: SafeHtml, nonce: string): HtmlPage {
  return {
    body: html`<!doctype html>${htmlOpen(lang)}<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem}</style></head>
<body>${content}</body></html>`.toString(),
    headers: {
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action http: https:`,
    },
  };
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`);

export function authenticationPage(opts: {
  kind: '3DS' | 'REDIRECT';
  action: string;
  fields: Record<string, string>;
  amount: string;
  card?: string;
  descriptor: string;
  lang: PageLanguage;
}): HtmlPage {
  const nonce = randomBytes(16).toString('base64');
  const { t } = opts.lang;
  const title = opts.kind === '3DS' ? t.authPageTitle : t.confirmPageTitle;
  return page(
    opts.lang,
    title,
    html`<h1>${title}</h1>
<p>${opts.descriptor}: <strong>${opts.amount}</strong>${opts.card && `, ${fill(t.cardLabel, { card: opts.card })}`}</p>
<form id="authenticate" method="post" action="${opts.action}">${hidden(opts.fields)}<button type="submit">${opts.kind === '3DS' ? t.authenticate : t.confirm}</button></form>`,
    nonce,
  );
}

export function returnPage(opts: { termUrl: string; target: string; fields: Record<string, string>; lang: PageLanguage }): HtmlPage {
  const nonce = randomBytes(16).toString('base64');
  const { t } = opts.lang;
  return page(
    opts.lang,
    t.returningTitle,
    html`<form id="return" method="post" action="${opts.termUrl}" target="${opts.target}">${hidden(opts.fields)}
<p id="continue-step">${t.authFinished} <button type="submit" id="continue">${t.continue}</button></p></form>
<script nonce="${nonce}">${RETURN_SCRIPT}</script>`,
    nonce,
  );
}

const RETURN_SCRIPT = trusted(`
(function () {
  var form = document.getElementById('return');
  var framed = window.top !== window.self;
  // A framed page may not navigate the top window without a click: keep the Continue step there.
  if (form.target === '_top' && framed) return;
  document.getElementById('continue-step').hidden = true;
  form.submit();
})();
`);

/** A page with one message; without a language (a page that belongs to no payment) English. */
export function messagePage(title: string, message: string, lang: PageLanguage = pageLanguage(undefined)): HtmlPage {
  return page(lang, title, html`<h1>${title}</h1><p>${message}</p>`, randomBytes(16).toString('base64'));
}
