/**
 * HTML of the payer's pages: the card form, the 3-D Secure step, the return step and the dead-link pages.
 * Everything dynamic is escaped; the only script and stylesheet carry the response's CSP nonce.
 */
import { randomBytes } from 'node:crypto';
import { fill, type PageLanguage } from '../i18n.js';
import { APM_FIELD_LABELS } from '../i18n/types.js';
import { PAGE_CSS } from './style.js';
import { FORM_SCRIPT, RETURN_SCRIPT } from './script.js';
import { html, joinHtml, trusted, type SafeHtml } from '../../lib/html/template.js';

import type { FieldName, FormErrors } from './card-form.js';

export type { FieldName, FormErrors };

export interface RenderedPage {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
}

/** Strict policy: nothing loads but this document's nonce'd style and script; forms post only to the platform. */
function securityHeaders(nonce: string): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "img-src 'self' data:",
      "form-action 'self'",
      "base-uri 'none'",
    ].join('; '),
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
}

const LOCK = html`<svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>`;

function layout(lang: PageLanguage, nonce: string, title: string, main: SafeHtml, script?: string): SafeHtml {
  return html`<!doctype html>
<html lang="${lang.htmlLang}" dir="${lang.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="data:,">
<title>${title}</title>
<style nonce="${nonce}">${trusted(PAGE_CSS)}</style>
</head>
<body>
<main>
${main}
<p class="secure">${LOCK}<span>${lang.t.secure}</span></p>
</main>
${script && html`<script nonce="${nonce}">${trusted(script)}</script>`}
</body>
</html>`;
}

function page(statusCode: number, lang: PageLanguage, title: string, main: (nonce: string) => SafeHtml, script?: string): RenderedPage {
  const nonce = randomBytes(18).toString('base64');
  return { statusCode, body: layout(lang, nonce, title, main(nonce), script).toString(), headers: securityHeaders(nonce) };
}

export interface OrderSummary {
  merchantName: string;
  orderNumber: string;
  description: string;
  /** Display text, e.g. "$10.00". */
  amount: string;
}

function summary(lang: PageLanguage, o: OrderSummary): SafeHtml {
  return html`<header class="summary">
<p class="merchant">${LOCK}<span>${o.merchantName}</span></p>
<p class="amount" id="amount">${o.amount}</p>
<p class="order">${o.description} · ${fill(lang.t.orderLabel, { number: o.orderNumber })}</p>
</header>`;
}

export interface SavedCardView {
  /** The form value: "saved-N". */
  value: string;
  /** Brand and masked number, e.g. "VISA 411111****1111". */
  label: string;
  /** Holder and, when the payer is not asked for it, the expiry. */
  detail?: string;
}

export interface FormView {
  lang: PageLanguage;
  order: OrderSummary;
  actionUrl: string;
  /** Shown only when the merchant gave a cancel_url. */
  cancelUrl?: string;
  termsCheckbox: boolean;
  /** Payouts (credit) ask for the expiry only, not the CVV. */
  askCvv: boolean;
  /** MOTO sessions: the CVV field is shown but not required. */
  cvvOptional?: boolean;
  /** credit: the button says "Receive". */
  payout: boolean;
  /** card_token cards, masked. */
  savedCards: SavedCardView[];
  /** card/credit: the one saved card, no new-card choice. */
  savedOnly: boolean;
  /** The card choice to show selected ("saved-N" or "new"). */
  choice?: string;
  /** transfer: ask for the payee's card number. */
  payeeCard: boolean;
  /**
   * The session's methods: `card` and alternative methods (brands); tabs when more than one. An alternative method
   * may leave the identifier optional and ask for parameters (their names, apm/page-fields.ts).
   */
  methods: Array<{ value: string; label: string; identifierOptional?: boolean; ask?: string[] }>;
  /** The method to show selected. */
  method?: string;
  /** The APM identifier the payer typed (kept after an error). */
  identifier?: string;
  /** The chosen method's parameters as the payer typed them (kept after an error). */
  parameters?: Record<string, string>;
  errors?: FormErrors;
  holder?: string;
}

/** A field the page script treats as optional, or one the browser requires. */
const optionalOrRequired = (optional: boolean) => (optional ? html` data-optional="1"` : html` required`);

export function renderPaymentForm(v: FormView, statusCode = 200): RenderedPage {
  const { t } = v.lang;
  const err = v.errors ?? {};
  const field = (name: FieldName, label: string, input: SafeHtml, hint?: string) => html`<div class="field">
<label for="${name}">${label}${hint && html`<span class="hint" id="${name}-hint">${hint}</span>`}</label>
${input}
<p class="error" id="${name}-error" role="alert">${err[name] ?? ''}</p>
</div>`;
  const attrs = (name: FieldName, hint?: boolean) =>
    html`id="${name}" name="${name}" aria-invalid="${err[name] ? 'true' : 'false'}" aria-describedby="${hint ? `${name}-hint ` : ''}${name}-error"`;
  const data = {
    required: t.required,
    'bad-card': t.badCard,
    'bad-expiry': t.badExpiry,
    'card-expired': t.cardExpired,
    'bad-cvv': t.badCvv,
    'terms-required': t.termsRequired,
    'fix-errors': t.fixErrors,
    processing: t.processing,
  };
  const dataAttrs = joinHtml(
    Object.entries(data).map(([k, val]) => html`data-${k}="${val}"`),
    ' ',
  );
  const expiryInput = (name: 'expiry' | 'saved_expiry') =>
    field(
      name,
      t.expiry,
      html`<input type="text" class="ltr" ${attrs(name, true)} inputmode="numeric" autocomplete="cc-exp" placeholder="${t.expiryHint}" maxlength="5" data-check="expiry" required>`,
      t.expiryHint,
    );
  const cvvInput = (name: 'cvv' | 'saved_cvv') =>
    field(
      name,
      t.cvv,
      html`<input type="password" class="ltr" ${attrs(name, true)} inputmode="numeric" autocomplete="cc-csc" placeholder="•••" maxlength="4" data-check="cvv"${optionalOrRequired(v.cvvOptional === true)}>`,
      t.cvvHint,
    );
  const newCard = html`${field(
    'card_number',
    t.cardNumber,
    html`<input type="text" class="ltr" ${attrs('card_number')} inputmode="numeric" autocomplete="cc-number" placeholder="1234 5678 9012 3456" maxlength="23" data-check="card" required>
<div class="brands" aria-hidden="true"><span class="brand visa">VISA</span><span class="brand mc">Mastercard</span></div>`,
  )}
<div class="row">
${expiryInput('expiry')}
${v.askCvv && cvvInput('cvv')}
</div>
${field('holder', t.holder, html`<input type="text" ${attrs('holder')} autocomplete="cc-name" autocapitalize="characters" spellcheck="false" maxlength="64" value="${v.holder ?? ''}" data-check="holder" required>`)}`;
  // The saved card's one secret: its CVV for a payment, its expiry for a payout.
  const savedSecret = v.askCvv ? cvvInput('saved_cvv') : expiryInput('saved_expiry');
  const selected = v.choice || (v.savedCards.length ? v.savedCards[0]!.value : 'new');

  let cards: SafeHtml;
  if (v.savedOnly && v.savedCards[0]) {
    const c = v.savedCards[0];
    cards = html`<div class="saved-card" id="payout-card"><span class="saved-label">${t.payoutTo}</span>
<strong class="ltr" id="saved-card-0">${c.label}</strong>${c.detail && html`<span class="saved-detail">${c.detail}</span>`}</div>
<input type="hidden" name="card_choice" value="${c.value}">
<p class="message">${t.payoutHint}</p>
${savedSecret}`;
  } else if (v.savedCards.length) {
    const option = (value: string, label: string, detail: string | undefined, id: string) =>
      html`<label class="choice"><input type="radio" name="card_choice" value="${value}"${value === selected && ' checked'} aria-describedby="card_choice-error"><span class="choice-text"><span class="ltr" id="${id}">${label}</span>${detail && html`<span class="saved-detail">${detail}</span>`}</span></label>`;
    cards = html`<fieldset class="choices" id="card_choice"><legend>${t.savedCards}</legend>
${joinHtml(
  v.savedCards.map((c, i) => option(c.value, c.label, c.detail, `saved-card-${i}`)),
  '\n',
)}
${option('new', t.newCard, undefined, 'new-card')}
<p class="error" id="card_choice-error" role="alert">${err.card_choice ?? ''}</p>
</fieldset>
<div class="choice-fields" data-choice="saved">${savedSecret}</div>
<div class="choice-fields" data-choice="new">${newCard}</div>`;
  } else {
    cards = newCard;
  }
  const methods = v.methods.length ? v.methods : [{ value: 'card', label: t.methodCard }];
  const method = methods.some((m) => m.value === v.method) ? v.method! : methods[0]!.value;
  const hasCard = methods.some((m) => m.value === 'card');
  const hasApm = methods.some((m) => m.value !== 'card');
  const chosen = methods.find((m) => m.value === method)!;
  const identifierRule = (m: { identifierOptional?: boolean }) => m.identifierOptional && html` data-identifier="optional"`;
  const methodChoice =
    methods.length > 1
      ? html`<fieldset class="methods" id="method"><legend class="sr-only">${t.paymentMethod}</legend>
${joinHtml(
  methods.map(
    (m) =>
      html`<label class="tab"><input type="radio" name="method" value="${m.value}"${m.value === method && ' checked'}${identifierRule(m)}><span>${m.label}</span></label>`,
  ),
  '\n',
)}
</fieldset>`
      : html`<input type="hidden" name="method" value="${method}"${identifierRule(chosen)}>`;
  // One identifier input for every alternative method; the page script makes it optional where the method's is.
  const idOptional = chosen.identifierOptional === true;
  const identifier = html`<div class="field">
<label for="identifier">${t.identifier}<span class="hint" id="identifier-hint"${!idOptional && ' hidden'}>${t.optional}</span></label>
<input type="email" class="ltr" ${attrs('identifier', true)} autocomplete="email" maxlength="255" value="${v.identifier ?? ''}" data-check="identifier"${optionalOrRequired(idOptional)}>
<p class="error" id="identifier-error" role="alert">${err.identifier ?? ''}</p>
</div>`;
  // A method's parameters: named parameters[x] as S2S APM names them; only the chosen method's are enabled and sent.
  const parameter = (brand: string, name: string) => {
    const id = `p-${brand}-${name}`;
    const mine = brand === method;
    const problem = mine ? (err.parameters?.[name] ?? '') : '';
    return html`<div class="field">
<label for="${id}">${Object.hasOwn(APM_FIELD_LABELS, name) ? t[APM_FIELD_LABELS[name]!] : name}</label>
<input type="text" class="ltr" id="${id}" name="parameters[${name}]" aria-invalid="${problem ? 'true' : 'false'}" aria-describedby="${id}-error" autocomplete="off" value="${mine ? (v.parameters?.[name] ?? '') : ''}" data-check="parameter" required>
<p class="error" id="${id}-error" role="alert">${problem}</p>
</div>`;
  };
  const apm = hasApm
    ? html`<div class="method-fields" data-method="apm">${identifier}</div>
${joinHtml(
  methods
    .filter((m) => m.ask?.length)
    .map(
      (m) =>
        html`<div class="method-fields" data-method="${m.value}">${joinHtml(
          m.ask!.map((n) => parameter(m.value, n)),
          '\n',
        )}</div>`,
    ),
  '\n',
)}`
    : '';
  const payee = v.payeeCard
    ? field(
        'payee_card_number',
        t.payeeCardNumber,
        html`<input type="text" class="ltr" ${attrs('payee_card_number')} inputmode="numeric" autocomplete="off" placeholder="1234 5678 9012 3456" maxlength="23" data-check="card" required>`,
      )
    : '';
  return page(
    statusCode,
    v.lang,
    `${t.title} · ${v.order.merchantName}`,
    () => html`<div class="panel">
${summary(v.lang, v.order)}
<form id="pay-form" method="post" action="${v.actionUrl}" novalidate autocomplete="on" ${dataAttrs}>
<h1 class="sr-only">${t.title}</h1>
<p class="alert" id="form-alert" role="alert">${err.form ?? ''}</p>
${methodChoice}
${
  hasCard &&
  html`<div class="method-fields" data-method="card">
${v.payeeCard && html`<h2 class="section">${t.yourCard}</h2>`}
${cards}
${payee}
</div>`
}
${apm}
${
  v.termsCheckbox
    ? html`<div class="field"><label class="check"><input type="checkbox" id="terms" name="terms" value="1" aria-invalid="${err.terms ? 'true' : 'false'}" aria-describedby="terms-error" data-check="terms" required><span>${t.terms}</span></label>
<p class="error" id="terms-error" role="alert">${err.terms ?? ''}</p></div>`
    : ''
}
<button type="submit" id="pay-button">${fill(v.payout ? t.receiveAmount : t.payAmount, { amount: v.order.amount })}</button>
</form>
${v.cancelUrl && html`<form class="cancel" method="post" action="${v.cancelUrl}"><button type="submit" class="link" id="cancel-button">${t.cancel}</button></form>`}
</div>`,
    FORM_SCRIPT,
  );
}

export interface ThreeDsView {
  lang: PageLanguage;
  order: OrderSummary;
  actionUrl: string;
  /** An alternative method's approval step (REDIRECT) instead of card 3DS: the method's display name. */
  method?: string;
}

/**
 * The platform's own authentication step for sandbox 3DS cards (05/2038 passes, 06/2038 fails), or the approval
 * step of an alternative method that redirects the payer (sandbox vcard redirect@gmail.com).
 */
export function renderThreeDs(v: ThreeDsView): RenderedPage {
  const { t } = v.lang;
  const values = { amount: v.order.amount, merchant: v.order.merchantName, method: v.method ?? '' };
  const title = v.method ? fill(t.methodStepTitle, values) : t.threeDsTitle;
  return page(
    200,
    v.lang,
    `${title} · ${v.order.merchantName}`,
    () => html`<div class="panel">
${summary(v.lang, v.order)}
<form class="body" method="post" action="${v.actionUrl}">
<span class="badge">${v.method ?? '3-D Secure'}</span>
<h1 class="status">${title}</h1>
<p class="message">${fill(v.method ? t.methodStepText : t.threeDsText, values)}</p>
${!v.method && html`<p class="message">${t.threeDsSandbox}</p>`}
<button type="submit" id="confirm-3ds">${v.method ? t.continue : t.threeDsConfirm}</button>
</form>
</div>`,
  );
}

export interface ReturnView {
  lang: PageLanguage;
  order?: OrderSummary;
  outcome: 'paid' | 'declined' | 'notCompleted';
  reason?: string;
  /** Absent when the merchant gave no return address (card/credit without success_url): the page is the end. */
  url?: string;
  target: string;
}

/**
 * The last page: sends the payer to the merchant in the url_target window. A paid order goes on by itself; a declined
 * or cancelled one waits for the payer, who should see why. Without script the Continue link does the same.
 */
export function renderReturn(v: ReturnView): RenderedPage {
  const { t } = v.lang;
  const auto = v.outcome === 'paid' || v.outcome === 'notCompleted';
  const title = v.outcome === 'paid' ? t.paid : v.outcome === 'declined' ? t.declined : t.notCompleted;
  return page(
    200,
    v.lang,
    title,
    () => html`<div class="panel">
${v.order && summary(v.lang, v.order)}
<div class="body">
<h1 class="status ${v.outcome === 'paid' ? 'ok' : 'bad'}" id="result">${title}</h1>
${v.reason && html`<p class="message" id="reason">${v.reason}</p>`}
${auto && v.url && html`<p class="message">${t.redirecting}</p>`}
${v.url && html`<a class="button" id="continue" href="${v.url}" target="${v.target}" rel="noopener" data-auto="${auto ? '1' : '0'}">${auto ? t.continue : t.backToStore}</a>`}
</div>
</div>`,
    RETURN_SCRIPT,
  );
}

/** Unknown, used or expired link: no form, no order data beyond what the payer already saw. */
export function renderDeadLink(lang: PageLanguage, kind: 'expired' | 'used' | 'notFound' | 'busy' | 'failed'): RenderedPage {
  const { t } = lang;
  const text = { expired: t.linkExpired, used: t.linkUsed, notFound: t.linkNotFound, busy: t.busy, failed: t.failed }[kind];
  const status = { expired: 410, used: 410, notFound: 404, busy: 409, failed: 500 }[kind];
  return page(
    status,
    lang,
    text,
    () => html`<div class="panel"><div class="body"><h1 class="status bad" id="result">${text}</h1></div></div>`,
  );
}
