/**
 * HTML answers of the hosted-fields endpoints: the 403 page for a missing, invalid or expired Token (the spec wants
 * HTML there, not JSON), and the local demo merchant page.
 */
import { randomBytes } from 'node:crypto';
import { messagePage, type HtmlPage } from '../s2s-card/threeds-page.js';
import { html, jsonScript } from '../../lib/html/template.js';

export const FORBIDDEN_TEXT = 'The session token is missing, invalid or expired.';

export function forbiddenPage(): HtmlPage {
  return messagePage('403 Forbidden', FORBIDDEN_TEXT);
}

/**
 * GET /hosted-fields/demo?token=…[&operation=debit]: a merchant page for trying the fields locally. A real shop
 * calls processing from its backend; this demo, being on the platform's origin, calls it from the page.
 */
export function demoPage(opts: { base: string; token: string; operation: 'purchase' | 'debit' }): HtmlPage {
  const nonce = randomBytes(16).toString('base64');
  const cfg = jsonScript({ token: opts.token, operation: opts.operation });
  return {
    body: html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Hosted fields demo shop</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem}
label{display:block;margin:.8rem 0 .3rem;font-size:.9rem}.box{height:2.4rem;border:1px solid #aab;border-radius:6px;padding:0 .4rem}
input#name{box-sizing:border-box;width:100%;height:2.4rem;font:inherit;border:1px solid #aab;border-radius:6px;padding:0 .5rem}
.row{display:flex;gap:1rem}.row>div{flex:1}button{margin-top:1.2rem;font-size:1rem;padding:.6rem 1.4rem}#result{margin-top:1rem;white-space:pre-wrap}</style>
<script nonce="${nonce}" src="${opts.base}/sdk/hosted-fields.js"></script></head>
<body><h1>Demo shop</h1><p>Pay with a sandbox card, e.g. 4111 1111 1111 1111, 01/38 (05/38 asks for 3DS, 02/38 is declined).</p>
<label>Card number</label><div class="box" id="card-container"></div>
<div class="row"><div><label>Expiry</label><div class="box" id="expiry-container"></div></div>
<div><label>CVV</label><div class="box" id="cvv-container"></div></div></div>
<label for="name">Cardholder name</label><input id="name" value="JOHN DOE" autocomplete="cc-name">
<button id="pay" type="button">Pay</button><div id="result" role="status"></div>
<script nonce="${nonce}" type="application/json" id="cfg">${cfg}</script>
<script nonce="${nonce}">
(function () {
  var cfg = JSON.parse(document.getElementById('cfg').textContent);
  var out = document.getElementById('result');
  var hf = new HostedFields();
  hf.init({
    sessionToken: cfg.token,
    fields: {
      card: { id: 'card-container', placeholder: '1234 1234 1234 1234', style: { '.hosted-field-card-brand-logo': { color: '#335' } } },
      expiry: { id: 'expiry-container', placeholder: 'MM/YY' },
      cvv: { id: 'cvv-container', placeholder: 'CVV' }
    },
    style: { input: { 'font-size': '16px', color: '#112' }, '::placeholder': { color: '#99a' }, '.invalid': { color: '#b00' } }
  });
  hf.onSubmitResult = function (r) {
    if (r.result !== 'success') { out.textContent = 'Please check the card details.'; return; }
    out.textContent = 'Card saved, paying…';
    fetch('/api/v1/processing/' + cfg.operation + '/card', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Token': cfg.token },
      body: JSON.stringify({ name: document.getElementById('name').value, with_hosted_fields: true,
        browser_info: { accept_header: 'text/html', user_agent: navigator.userAgent, language: navigator.language,
          screen_width: String(screen.width), screen_height: String(screen.height), color_depth: String(screen.colorDepth),
          time_zone_offset: String(new Date().getTimezoneOffset()), java_enabled: 'false', java_script_enabled: 'true', platform: navigator.platform } })
    }).then(function (r) { return r.json(); }).then(function (p) {
      if (p.result === 'redirect' && p.redirect_url) { window.location.href = p.redirect_url; return; }
      out.textContent = 'Result: ' + p.result + (p.decline_message ? ' (' + p.decline_message + ')' : '') + (p.public_id ? '\\npublic_id: ' + p.public_id : '');
    });
  };
  document.getElementById('pay').addEventListener('click', function () { hf.collectIframesData(); });
})();
</script></body></html>`.toString(),
    headers: {
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; frame-src ${new URL(opts.base).origin}; connect-src 'self'; form-action 'none'; base-uri 'none'`,
    },
  };
}
