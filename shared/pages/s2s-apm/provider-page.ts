/**
 * HTML of the sandbox provider's pages (the redirect_url of every brand but vcard): what a real provider would show —
 * a QR code of the payment reference (ips), transfer instructions (bank-code transfers), or a confirmation — with the
 * fields the method collects from the payer when the request lacked them, and Pay / Reject, which make the provider
 * send its notification. Every value is escaped; the page runs no script (the QR is inline SVG markup).
 */
import type { HtmlPage } from '../s2s-card/threeds-page.js';
import { html, trusted, type SafeHtml } from '../../lib/html/template.js';
import { qrSvg } from '../../lib/qr/svg.js';

export interface ProviderPageView {
  action: string;
  token: string;
  brand: string;
  flow: string;
  amount: string;
  descriptor: string;
  reference: string;
  /** ISO time the payment expires unpaid, if it has a deadline. */
  deadline?: string;
  /** Parameters the payer must give here, with any problem from the last submission. */
  collect: Array<{ name: string; value?: string; error?: string }>;
  /** Only waiting (pending@gmail.com): no buttons, the notification comes from elsewhere. */
  waitOnly: boolean;
}

/** What the payer's bank app reads from the QR: the reference and the amount (the provider's own format). */
export function qrPayload(v: Pick<ProviderPageView, 'reference' | 'amount' | 'descriptor'>): string {
  return `IPS|R:${v.reference}|I:${v.amount.replace(' ', '')}|N:${v.descriptor.slice(0, 40)}`;
}

function body(v: ProviderPageView): SafeHtml {
  if (v.flow === 'qr') {
    return html`<p>Scan with your banking app to pay.</p><div id="qr">${trusted(qrSvg(qrPayload(v)))}</div><p>Reference <code>${v.reference}</code></p>`;
  }
  if (v.flow === 'bank-window') {
    return html`<p>Transfer <strong>${v.amount}</strong> to the account below with the reference; the provider confirms it when the money arrives.</p>
<dl><dt>Account</dt><dd><code>0000003100010000000001</code></dd><dt>Reference</dt><dd><code>${v.reference}</code></dd></dl>`;
  }
  return html`<p>Confirm the payment at the provider.</p>`;
}

export function providerPage(v: ProviderPageView): HtmlPage {
  const token = html`<input type="hidden" name="token" value="${v.token}">`;
  const fields = v.collect.map(
    (c) =>
      html`<p><label for="${c.name}">${c.name}</label><br><input id="${c.name}" name="collect[${c.name}]" value="${c.value ?? ''}" required>${
        c.error && html`<br><span class="error" role="alert">${c.error}</span>`
      }</p>`,
  );
  const expires =
    v.deadline && html`<p>Valid until <time datetime="${v.deadline}">${v.deadline.replace('T', ' ').slice(0, 19)} UTC</time>.</p>`;
  const form = v.waitOnly
    ? html`<p id="waiting">Waiting for confirmation from the provider.</p>`
    : html`<form method="post" action="${v.action}">${token}${fields}<button type="submit" name="decision" value="approve" id="approve">Pay</button><button type="submit" name="decision" value="cancel" id="cancel" formnovalidate>Reject</button></form>`;
  return {
    body: html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox provider</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}.error{color:#c62828}#qr svg{max-width:100%;height:auto}</style></head>
<body><h1>Sandbox provider: ${v.brand}</h1>
<p>${v.descriptor}: <strong>${v.amount}</strong></p>
${body(v)}${expires}${form}
</body></html>`.toString(),
    headers: { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'" },
  };
}
