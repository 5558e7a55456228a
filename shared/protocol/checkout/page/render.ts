/**
 * HTML of the payer's pages: the card form, the 3-D Secure step, the return step and the dead-link pages.
 * Everything dynamic is escaped; the only script and stylesheet carry the response's CSP nonce.
 */
import { randomBytes } from 'node:crypto';
import { fill, type PageLanguage } from './i18n.js';
import { APM_FIELD_LABELS } from './i18n/types.js';
import { PAGE_CSS } from './style.js';
import { FORM_SCRIPT, RETURN_SCRIPT } from './script.js';

import type { FieldName, FormErrors } from './card-form.js';

export type { FieldName, FormErrors };

export interface RenderedPage {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
}

export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
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

const LOCK = `<svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>`;

function layout(lang: PageLanguage, nonce: string, title: string, main: string, script?: string): string {
  return `<!doctype html>
<html lang="${esc(lang.htmlLang)}" dir="${lang.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="data:,">
<title>${esc(title)}</title>
<style nonce="${nonce}">${PAGE_CSS}</style>
</head>
<body>
<main>
${main}
<p class="secure">${LOCK}<span>${esc(lang.t.secure)}</span></p>
</main>
${script ? `<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>`;
}

function page(statusCode: number, lang: PageLanguage, title: string, main: (nonce: string) => string, script?: string): RenderedPage {
  const nonce = randomBytes(18).toString('base64');
  return { statusCode, body: layout(lang, nonce, title, main(nonce), script), headers: securityHeaders(nonce) };
}

export interface OrderSummary {
  merchantName: string;
  orderNumber: string;
  description: string;
  /** Display text, e.g. "$10.00". */
  amount: string;
}

function summary(lang: PageLanguage, o: OrderSummary): string {
  return `<header class="summary">
<p class="merchant">${LOCK}<span>${esc(o.merchantName)}</span></p>
<p class="amount" id="amount">${esc(o.amount)}</p>
<p class="order">${esc(o.description)} · ${esc(fill(lang.t.orderLabel, { number: o.orderNumber }))}</p>
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

export function renderPaymentForm(v: FormView, statusCode = 200): RenderedPage {
  const { t } = v.lang;
  const err = v.errors ?? {};
  const field = (name: FieldName, label: string, input: string, hint?: string) => `<div class="field">
<label for="${name}">${esc(label)}${hint ? `<span class="hint" id="${name}-hint">${esc(hint)}</span>` : ''}</label>
${input}
<p class="error" id="${name}-error" role="alert">${esc(err[name] ?? '')}</p>
</div>`;
  const attrs = (name: FieldName, hint?: boolean) =>
    `id="${name}" name="${name}" aria-invalid="${err[name] ? 'true' : 'false'}" aria-describedby="${hint ? `${name}-hint ` : ''}${name}-error"`;
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
  const dataAttrs = Object.entries(data)
    .map(([k, val]) => `data-${k}="${esc(val)}"`)
    .join(' ');
  const expiryInput = (name: 'expiry' | 'saved_expiry') =>
    field(name, t.expiry, `<input type="text" class="ltr" ${attrs(name, true)} inputmode="numeric" autocomplete="cc-exp" placeholder="${esc(t.expiryHint)}" maxlength="5" data-check="expiry" required>`, t.expiryHint);
  const cvvInput = (name: 'cvv' | 'saved_cvv') =>
    field(name, t.cvv, `<input type="password" class="ltr" ${attrs(name, true)} inputmode="numeric" autocomplete="cc-csc" placeholder="•••" maxlength="4" data-check="cvv"${v.cvvOptional ? ' data-optional="1"' : ' required'}>`, t.cvvHint);
  const newCard = `${field(
    'card_number',
    t.cardNumber,
    `<input type="text" class="ltr" ${attrs('card_number')} inputmode="numeric" autocomplete="cc-number" placeholder="1234 5678 9012 3456" maxlength="23" data-check="card" required>
<div class="brands" aria-hidden="true"><span class="brand visa">VISA</span><span class="brand mc">Mastercard</span></div>`,
  )}
<div class="row">
${expiryInput('expiry')}
${v.askCvv ? cvvInput('cvv') : ''}
</div>
${field('holder', t.holder, `<input type="text" ${attrs('holder')} autocomplete="cc-name" autocapitalize="characters" spellcheck="false" maxlength="64" value="${esc(v.holder ?? '')}" data-check="holder" required>`)}`;
  // The saved card's one secret: its CVV for a payment, its expiry for a payout.
  const savedSecret = v.askCvv ? cvvInput('saved_cvv') : expiryInput('saved_expiry');
  const selected = v.choice || (v.savedCards.length ? v.savedCards[0]!.value : 'new');

  let cards: string;
  if (v.savedOnly && v.savedCards[0]) {
    const c = v.savedCards[0];
    cards = `<div class="saved-card" id="payout-card"><span class="saved-label">${esc(t.payoutTo)}</span>
<strong class="ltr" id="saved-card-0">${esc(c.label)}</strong>${c.detail ? `<span class="saved-detail">${esc(c.detail)}</span>` : ''}</div>
<input type="hidden" name="card_choice" value="${esc(c.value)}">
<p class="message">${esc(t.payoutHint)}</p>
${savedSecret}`;
  } else if (v.savedCards.length) {
    const option = (value: string, label: string, detail: string | undefined, id: string) =>
      `<label class="choice"><input type="radio" name="card_choice" value="${esc(value)}"${value === selected ? ' checked' : ''} aria-describedby="card_choice-error"><span class="choice-text"><span class="ltr" id="${id}">${esc(label)}</span>${detail ? `<span class="saved-detail">${esc(detail)}</span>` : ''}</span></label>`;
    cards = `<fieldset class="choices" id="card_choice"><legend>${esc(t.savedCards)}</legend>
${v.savedCards.map((c, i) => option(c.value, c.label, c.detail, `saved-card-${i}`)).join('\n')}
${option('new', t.newCard, undefined, 'new-card')}
<p class="error" id="card_choice-error" role="alert">${esc(err.card_choice ?? '')}</p>
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
  const identifierRule = (m: { identifierOptional?: boolean }) => (m.identifierOptional ? ' data-identifier="optional"' : '');
  const methodChoice =
    methods.length > 1
      ? `<fieldset class="methods" id="method"><legend class="sr-only">${esc(t.paymentMethod)}</legend>
${methods.map((m) => `<label class="tab"><input type="radio" name="method" value="${esc(m.value)}"${m.value === method ? ' checked' : ''}${identifierRule(m)}><span>${esc(m.label)}</span></label>`).join('\n')}
</fieldset>`
      : `<input type="hidden" name="method" value="${esc(method)}"${identifierRule(chosen)}>`;
  // One identifier input for every alternative method; the page script makes it optional where the method's is.
  const idOptional = chosen.identifierOptional === true;
  const identifier = `<div class="field">
<label for="identifier">${esc(t.identifier)}<span class="hint" id="identifier-hint"${idOptional ? '' : ' hidden'}>${esc(t.optional)}</span></label>
<input type="email" class="ltr" ${attrs('identifier', true)} autocomplete="email" maxlength="255" value="${esc(v.identifier ?? '')}" data-check="identifier"${idOptional ? ' data-optional="1"' : ' required'}>
<p class="error" id="identifier-error" role="alert">${esc(err.identifier ?? '')}</p>
</div>`;
  // A method's parameters: named parameters[x] as S2S APM names them; only the chosen method's are enabled and sent.
  const parameter = (brand: string, name: string) => {
    const id = `p-${brand}-${name}`;
    const mine = brand === method;
    const problem = mine ? (err.parameters?.[name] ?? '') : '';
    return `<div class="field">
<label for="${esc(id)}">${esc(Object.hasOwn(APM_FIELD_LABELS, name) ? t[APM_FIELD_LABELS[name]!] : name)}</label>
<input type="text" class="ltr" id="${esc(id)}" name="parameters[${esc(name)}]" aria-invalid="${problem ? 'true' : 'false'}" aria-describedby="${esc(id)}-error" autocomplete="off" value="${esc(mine ? (v.parameters?.[name] ?? '') : '')}" data-check="parameter" required>
<p class="error" id="${esc(id)}-error" role="alert">${esc(problem)}</p>
</div>`;
  };
  const apm = hasApm
    ? `<div class="method-fields" data-method="apm">${identifier}</div>
${methods
  .filter((m) => m.ask?.length)
  .map((m) => `<div class="method-fields" data-method="${esc(m.value)}">${m.ask!.map((n) => parameter(m.value, n)).join('\n')}</div>`)
  .join('\n')}`
    : '';
  const payee = v.payeeCard
    ? field(
        'payee_card_number',
        t.payeeCardNumber,
        `<input type="text" class="ltr" ${attrs('payee_card_number')} inputmode="numeric" autocomplete="off" placeholder="1234 5678 9012 3456" maxlength="23" data-check="card" required>`,
      )
    : '';
  return page(
    statusCode,
    v.lang,
    `${t.title} · ${v.order.merchantName}`,
    () => `<div class="panel">
${summary(v.lang, v.order)}
<form id="pay-form" method="post" action="${esc(v.actionUrl)}" novalidate autocomplete="on" ${dataAttrs}>
<h1 class="sr-only">${esc(t.title)}</h1>
<p class="alert" id="form-alert" role="alert">${esc(err.form ?? '')}</p>
${methodChoice}
${hasCard ? `<div class="method-fields" data-method="card">
${v.payeeCard ? `<h2 class="section">${esc(t.yourCard)}</h2>` : ''}
${cards}
${payee}
</div>` : ''}
${apm}
${
  v.termsCheckbox
    ? `<div class="field"><label class="check"><input type="checkbox" id="terms" name="terms" value="1" aria-invalid="${err.terms ? 'true' : 'false'}" aria-describedby="terms-error" data-check="terms" required><span>${esc(t.terms)}</span></label>
<p class="error" id="terms-error" role="alert">${esc(err.terms ?? '')}</p></div>`
    : ''
}
<button type="submit" id="pay-button">${esc(fill(v.payout ? t.receiveAmount : t.payAmount, { amount: v.order.amount }))}</button>
</form>
${v.cancelUrl ? `<form class="cancel" method="post" action="${esc(v.cancelUrl)}"><button type="submit" class="link" id="cancel-button">${esc(t.cancel)}</button></form>` : ''}
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
  return page(200, v.lang, `${title} · ${v.order.merchantName}`, () => `<div class="panel">
${summary(v.lang, v.order)}
<form class="body" method="post" action="${esc(v.actionUrl)}">
<span class="badge">${esc(v.method ?? '3-D Secure')}</span>
<h1 class="status">${esc(title)}</h1>
<p class="message">${esc(fill(v.method ? t.methodStepText : t.threeDsText, values))}</p>
${v.method ? '' : `<p class="message">${esc(t.threeDsSandbox)}</p>`}
<button type="submit" id="confirm-3ds">${esc(v.method ? t.continue : t.threeDsConfirm)}</button>
</form>
</div>`);
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
    () => `<div class="panel">
${v.order ? summary(v.lang, v.order) : ''}
<div class="body">
<h1 class="status ${v.outcome === 'paid' ? 'ok' : 'bad'}" id="result">${esc(title)}</h1>
${v.reason ? `<p class="message" id="reason">${esc(v.reason)}</p>` : ''}
${auto && v.url ? `<p class="message">${esc(t.redirecting)}</p>` : ''}
${v.url ? `<a class="button" id="continue" href="${esc(v.url)}" target="${esc(v.target)}" rel="noopener" data-auto="${auto ? '1' : '0'}">${esc(auto ? t.continue : t.backToStore)}</a>` : ''}
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
  return page(status, lang, text, () => `<div class="panel"><div class="body"><h1 class="status bad" id="result">${esc(text)}</h1></div></div>`);
}
