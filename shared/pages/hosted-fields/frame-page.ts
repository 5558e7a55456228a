/**
 * The page inside each hosted-field iframe (GET /hosted-fields/frame/{field}): one input, on the platform's origin.
 * It accepts messages only from its parent window at the origin the client library declared (which CSP
 * frame-ancestors also enforces), posts only to that origin, and shares values only over a BroadcastChannel, which
 * never leaves the platform's origin. The card-number frame submits the three values with the session Token.
 * Merchant styles are applied through the CSSOM (no markup, no url()), from an allow-list of selectors.
 */
import { randomBytes } from 'node:crypto';
import { htmlOpen, type HtmlPage } from '../s2s-card/threeds-page.js';
import { html, jsonScript, trusted } from '../../lib/html/template.js';
import type { PageLanguage, PageText } from '../i18n.js';
import { frameAncestors } from '../../protocol/framing.js';
import type { HostedField } from '../../protocol/hosted-fields/frame-request.js';
import type { CardDataBody } from '../../protocol/hosted-fields/card-data.js';

const INPUT: Record<HostedField, string> = {
  card: 'autocomplete="cc-number" inputmode="numeric" maxlength="23"',
  expiry: 'autocomplete="cc-exp" inputmode="numeric" maxlength="7"',
  cvv: 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"',
};
/**
 * The card-data body's names (card-data.ts declares them), each with the field whose value it carries: the frame's
 * script posts exactly these, so a name changed in the declaration fails the typecheck here.
 */
const CARD_DATA_NAMES: Record<keyof CardDataBody, HostedField> = { card_number: 'card', expiry: 'expiry', cvv: 'cvv' };

/** What a screen reader announces for each field, in the session's page language. */
const LABEL: Record<HostedField, keyof PageText> = { card: 'cardNumber', expiry: 'expiry', cvv: 'cvv' };

/** `frameAncestors`: the origins whose pages may embed this frame (see mayEmbed / embeddingOrigins). */
export function framePage(opts: {
  field: HostedField;
  token: string;
  parentOrigin: string;
  frameAncestors: readonly string[];
  channel: string;
  cardDataUrl: string;
  lang: PageLanguage;
}): HtmlPage {
  const nonce = randomBytes(16).toString('base64');
  const cfg = jsonScript({
    field: opts.field,
    token: opts.token,
    parentOrigin: opts.parentOrigin,
    channel: opts.channel,
    url: opts.cardDataUrl,
    names: CARD_DATA_NAMES,
  });
  const brand = opts.field === 'card' && html`<span class="hosted-field-card-brand-logo" id="brand" aria-hidden="true"></span>`;
  return {
    body: html`<!doctype html>${htmlOpen(opts.lang)}<head><meta charset="utf-8"><title>${opts.lang.t[LABEL[opts.field]]}</title>
<style nonce="${nonce}">html,body{margin:0;padding:0;background:transparent;height:100%;overflow:hidden}
body{display:flex;align-items:center;font:16px system-ui,sans-serif}
input{flex:1;min-width:0;box-sizing:border-box;height:100%;border:0;outline:0;margin:0;padding:0 .25em;font:inherit;color:inherit;background:transparent}
.hosted-field-card-brand-logo{font-size:.75em;text-transform:uppercase;padding:0 .4em;color:#667}</style>
<style nonce="${nonce}" id="merchant-style"></style></head>
<body><input id="field" name="${opts.field}" type="${opts.field === 'cvv' ? 'password' : 'text'}" ${trusted(INPUT[opts.field])} aria-label="${opts.lang.t[LABEL[opts.field]]}" spellcheck="false">${brand}
<script nonce="${nonce}" type="application/json" id="cfg">${cfg}</script>
<script nonce="${nonce}">${trusted(FRAME_SCRIPT)}</script></body></html>`.toString(),
    headers: {
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'none'; base-uri 'none'; ${frameAncestors(opts.frameAncestors)}`,
    },
  };
}

const FRAME_SCRIPT = `
(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('cfg').textContent);
  var input = document.getElementById('field');
  var anc = window.location.ancestorOrigins;
  // Only inside a frame of the page that loaded the client library; anything else stays inert.
  if (window.parent === window || (anc && anc.length && anc[0] !== cfg.parentOrigin)) { input.disabled = true; return; }
  var channel = new BroadcastChannel('hosted-fields:' + cfg.channel);
  var pending = null;

  function toParent(msg) {
    msg.source = 'hosted-fields'; msg.field = cfg.field; msg.channel = cfg.channel;
    window.parent.postMessage(msg, cfg.parentOrigin);
  }
  function digits(v) { return v.replace(/\\D/g, ''); }
  function luhn(n) {
    var sum = 0, dbl = false;
    for (var i = n.length - 1; i >= 0; i--) { var d = +n[i]; if (dbl) { d *= 2; if (d > 9) d -= 9; } sum += d; dbl = !dbl; }
    return sum % 10 === 0;
  }
  function brandOf(n) {
    if (/^4/.test(n)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(n)) return 'mastercard';
    if (/^3[47]/.test(n)) return 'amex';
    if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
    if (/^35/.test(n)) return 'jcb';
    if (/^62/.test(n)) return 'unionpay';
    return '';
  }
  function valid() {
    var v = input.value;
    if (cfg.field === 'card') { var n = digits(v); return n.length >= 12 && n.length <= 19 && luhn(n) && brandOf(n) !== ''; }
    if (cfg.field === 'cvv') return /^\\d{3,4}$/.test(v);
    var m = /^(\\d{2})\\/(\\d{2})$/.exec(v);
    if (!m || +m[1] < 1 || +m[1] > 12) return false;
    var now = new Date(), y = 2000 + +m[2];
    return y > now.getFullYear() || (y === now.getFullYear() && +m[1] >= now.getMonth() + 1);
  }
  function format() {
    var v = input.value;
    if (cfg.field === 'card') {
      var n = digits(v).slice(0, 19);
      input.value = n.replace(/(\\d{4})(?=\\d)/g, '$1 ');
      var b = document.getElementById('brand');
      if (b) b.textContent = brandOf(n);
    } else if (cfg.field === 'expiry') {
      var e = digits(v).slice(0, 4);
      input.value = e.length > 2 ? e.slice(0, 2) + '/' + e.slice(2) : e;
    } else {
      input.value = digits(v).slice(0, 4);
    }
  }
  input.addEventListener('input', function () {
    format();
    var ok = valid();
    input.classList.toggle('valid', ok);
    input.classList.toggle('invalid', !ok && input.value !== '');
    toParent({ type: 'input', valid: ok });
  });
  input.addEventListener('focus', function () { toParent({ type: 'focus' }); });
  input.addEventListener('blur', function () { toParent({ type: 'blur' }); });

  var SELECTORS = { 'input': 'input', '::placeholder': 'input::placeholder', ':focus': 'input:focus', ':hover': 'input:hover',
    ':disabled': 'input:disabled', '.valid': 'input.valid', '.invalid': 'input.invalid', 'body': 'body',
    '.hosted-field-card-brand-logo': '.hosted-field-card-brand-logo' };
  function applyStyle(style) {
    if (!style || typeof style !== 'object') return;
    var sheet = document.getElementById('merchant-style').sheet;
    Object.keys(style).forEach(function (key) {
      var selector = SELECTORS[key] || SELECTORS[key.replace(/^input(?=[:.])/, '')];
      var decls = style[key];
      if (!selector || !decls || typeof decls !== 'object') return;
      var rule = sheet.cssRules[sheet.insertRule(selector + '{}', sheet.cssRules.length)];
      Object.keys(decls).forEach(function (prop) {
        var value = decls[prop];
        if (typeof value !== 'string' && typeof value !== 'number') return;
        value = String(value);
        // No external fetches from merchant styles: they could carry data out of the frame.
        if (/url\\s*\\(|image-set|@import|expression/i.test(value)) return;
        rule.style.setProperty(prop.replace(/[A-Z]/g, function (c) { return '-' + c.toLowerCase(); }), value);
      });
    });
  }

  function finish(id, result) {
    pending = null;
    toParent({ type: 'result', id: id, result: result.result === 'success' ? 'success' : 'undefined', message: typeof result.message === 'string' ? result.message : '' });
  }
  function submit(id, values) {
    fetch(cfg.url, {
      method: 'POST', credentials: 'omit', cache: 'no-store',
      headers: { 'content-type': 'application/json', 'Token': cfg.token },
      body: JSON.stringify(Object.keys(cfg.names).reduce(function (b, name) { b[name] = values[cfg.names[name]]; return b; }, {}))
    }).then(function (r) { return r.ok ? r.json() : { result: 'undefined', message: '' }; })
      .catch(function () { return { result: 'undefined', message: '' }; })
      .then(function (res) { finish(id, res); });
  }
  function collect(id) {
    if (pending) return;
    var values = { card: digits(input.value) };
    pending = { id: id, values: values, timer: setTimeout(function () { if (pending && pending.id === id) finish(id, { result: 'undefined' }); }, 5000) };
    channel.postMessage({ type: 'request', id: id });
  }

  channel.onmessage = function (e) {
    var m = e.data || {};
    if (m.type === 'request' && cfg.field !== 'card') channel.postMessage({ type: 'value', id: m.id, field: cfg.field, value: input.value });
    if (m.type === 'value' && cfg.field === 'card' && pending && pending.id === m.id && (m.field === 'expiry' || m.field === 'cvv')) {
      pending.values[m.field] = String(m.value);
      if (pending.values.expiry !== undefined && pending.values.cvv !== undefined) {
        clearTimeout(pending.timer);
        submit(pending.id, pending.values);
      }
    }
  };

  window.addEventListener('message', function (e) {
    if (e.source !== window.parent || e.origin !== cfg.parentOrigin) return;
    var m = e.data;
    if (!m || m.source !== 'hosted-fields-parent' || m.channel !== cfg.channel) return;
    if (m.type === 'configure') {
      if (typeof m.placeholder === 'string') input.placeholder = m.placeholder;
      applyStyle(m.style);
      applyStyle(m.fieldStyle);
    } else if (m.type === 'collect' && cfg.field === 'card' && typeof m.id === 'string') {
      collect(m.id);
    }
  });
  toParent({ type: 'ready' });
})();
`;

/** The page shown in a frame whose token or origin is not acceptable. */
export function frameRefusedPage(message: string): HtmlPage {
  return {
    body: html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unavailable</title></head><body style="margin:0;font:13px system-ui,sans-serif;color:#a33">${message}</body></html>`.toString(),
    headers: { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
  };
}
