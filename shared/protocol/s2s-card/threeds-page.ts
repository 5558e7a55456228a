/**
 * HTML of the platform's own authentication page (the redirect_url of a 3DS / REDIRECT answer) and of the return
 * step that sends the payer to term_url_3ds. Every value is escaped; scripts run only with the page's nonce.
 * Return step: the form opens in the link target (merchant override, else term_url_target, else _top). Inside an
 * iframe a _top navigation needs a user gesture, so there the payer sees a Continue button instead of an auto-submit.
 * Every text is in the payment's page language (checkout/page/i18n.ts); Arabic is laid out right to left.
 */
import { randomBytes } from 'node:crypto';
import { fill, pageLanguage, type PageLanguage } from '../checkout/page/i18n.js';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface HtmlPage {
  body: string;
  headers: Record<string, string>;
}

/** The html element of a payer page in this language (lang, and dir="rtl" for Arabic). */
export function htmlOpen(lang: PageLanguage): string {
  return `<html lang="${escapeHtml(lang.htmlLang)}" dir="${lang.dir}">`;
}

function page(lang: PageLanguage, title: string, content: string, nonce: string): HtmlPage {
  return {
    body: `<!doctype html>${htmlOpen(lang)}<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem}</style></head>
<body>${content}</body></html>`,
    headers: {
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action http: https:`,
    },
  };
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');

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
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(opts.descriptor)}: <strong>${escapeHtml(opts.amount)}</strong>${opts.card ? `, ${escapeHtml(fill(t.cardLabel, { card: opts.card }))}` : ''}</p>
<form id="authenticate" method="post" action="${escapeHtml(opts.action)}">${hidden(opts.fields)}<button type="submit">${escapeHtml(opts.kind === '3DS' ? t.authenticate : t.confirm)}</button></form>`,
    nonce,
  );
}

export function returnPage(opts: { termUrl: string; target: string; fields: Record<string, string>; lang: PageLanguage }): HtmlPage {
  const nonce = randomBytes(16).toString('base64');
  const { t } = opts.lang;
  return page(
    opts.lang,
    t.returningTitle,
    `<form id="return" method="post" action="${escapeHtml(opts.termUrl)}" target="${escapeHtml(opts.target)}">${hidden(opts.fields)}
<p id="continue-step">${escapeHtml(t.authFinished)} <button type="submit" id="continue">${escapeHtml(t.continue)}</button></p></form>
<script nonce="${nonce}">
(function () {
  var form = document.getElementById('return');
  var framed = window.top !== window.self;
  // A framed page may not navigate the top window without a click: keep the Continue step there.
  if (form.target === '_top' && framed) return;
  document.getElementById('continue-step').hidden = true;
  form.submit();
})();
</script>`,
    nonce,
  );
}

/** A page with one message; without a language (a page that belongs to no payment) English. */
export function messagePage(title: string, message: string, lang: PageLanguage = pageLanguage(undefined)): HtmlPage {
  return page(lang, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`, randomBytes(16).toString('base64'));
}
