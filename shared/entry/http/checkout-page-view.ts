/** Turns a Checkout page operation's outcome into the HTML page the payer's browser gets (protocol/checkout/page renders). */
import { formatAmount } from '../../domain/money.js';
import type { PageContext, PageOutcome } from '../../operations/checkout/page.js';
import { asksCvv, cvvOptional } from '../../operations/checkout/page.js';
import { apmPageMethods } from '../../operations/checkout/page-apm.js';
import { brandDescriptor } from '../../protocol/apm/catalogue.js';
import type { ApmPageMethod } from '../../pages/checkout/card-form.js';
import type { SavedCard } from '../../ports/checkout-sessions.js';
import { fill, pageLanguage, type PageText } from '../../pages/i18n.js';
import { renderAcquirerStep } from '../../pages/checkout/acquirer-step.js';
import {
  renderDeadLink,
  renderPaymentForm,
  renderReturn,
  renderThreeDs,
  type OrderSummary,
  type RenderedPage,
  type SavedCardView,
} from '../../pages/checkout/render.js';

const BRANDS: Record<string, string> = {
  visa: 'VISA',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** Alternative methods show their name as the payer knows it (the descriptor's label). */
const methodLabel = (m: string, t: PageText) => (m === 'card' ? t.methodCard : (brandDescriptor(m)?.label ?? m));

/** A saved card as the payer sees it: brand, first 6 and last 4; the expiry only when the payer is not asked for it. */
function savedCardView(c: SavedCard, i: number, t: PageText, showExpiry: boolean, holder?: string): SavedCardView {
  const name = holder ?? c.holder;
  const expiry = showExpiry ? fill(t.cardExpires, { expiry: `${c.expMonth}/${c.expYear.slice(-2)}` }) : undefined;
  return {
    value: `saved-${i}`,
    label: `${BRANDS[c.brand] ?? 'Card'} ${c.bin}****${c.last4}`,
    detail: [name, expiry].filter(Boolean).join(' · ') || undefined,
  };
}

/** An alternative method's inputs: the identifier's rule and the parameters asked for. */
const apmView = (m: ApmPageMethod | undefined) => (m ? { identifierOptional: m.identifier === 'optional', ask: m.ask } : {});

export function displayAmount(minor: number, currency: string, locale: string): string {
  const text = formatAmount({ minor, currency });
  try {
    const decimals = text.includes('.') ? text.split('.')[1]!.length : 0;
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(Number(text));
  } catch {
    return `${text} ${currency}`;
  }
}

function orderSummary(ctx: PageContext, locale: string): OrderSummary {
  const o = ctx.session.order;
  return {
    merchantName: ctx.merchant.name,
    orderNumber: o.number,
    description: o.description,
    amount: displayAmount(o.amount, o.currency, locale),
  };
}

/** acceptLanguage: the payer's browser's Accept-Language header (the language's last fallback, i18n.ts). */
export function renderOutcome(outcome: PageOutcome, baseUrl: string, acceptLanguage?: string): RenderedPage {
  if (outcome.kind === 'dead')
    return renderDeadLink(
      pageLanguage(outcome.language, { merchantDefault: outcome.merchantDefaultLanguage, acceptLanguage }),
      outcome.reason,
    );
  const lang = pageLanguage(outcome.ctx.session.language, { merchantDefault: outcome.ctx.merchant.defaultLanguage, acceptLanguage });
  const pageUrl = `${baseUrl.replace(/\/$/, '')}/auth/${outcome.ctx.token}`;
  const order = orderSummary(outcome.ctx, lang.htmlLang);
  const session = outcome.ctx.session;
  const apm = apmPageMethods(session);
  const payeeName = session.payeeName ? [session.payeeName.first, session.payeeName.last].filter(Boolean).join(' ') : undefined;
  switch (outcome.kind) {
    case 'form':
      return renderPaymentForm(
        {
          lang,
          order,
          actionUrl: `${pageUrl}/pay`,
          cancelUrl: outcome.ctx.session.cancelUrl ? `${pageUrl}/cancel` : undefined,
          termsCheckbox: outcome.ctx.merchant.termsCheckbox,
          askCvv: asksCvv(session),
          cvvOptional: cvvOptional(session),
          payout: session.operation === 'credit',
          savedCards: (session.savedCards ?? []).map((c, i) => savedCardView(c, i, lang.t, asksCvv(session), payeeName)),
          savedOnly: session.savedCardsOnly === true,
          choice: outcome.choice,
          payeeCard: session.operation === 'transfer',
          methods: session.methods.map((m) => ({ value: m, label: methodLabel(m, lang.t), ...apmView(apm[m]) })),
          method: outcome.method,
          identifier: outcome.identifier,
          parameters: outcome.parameters,
          errors: outcome.errors,
          holder: outcome.holder,
        },
        outcome.errors ? 400 : 200,
      );
    case 'threeDs':
      return renderThreeDs({
        lang,
        order,
        actionUrl: `${pageUrl}/3ds`,
        method: session.paymentMethod && session.paymentMethod !== 'card' ? methodLabel(session.paymentMethod, lang.t) : undefined,
      });
    case 'toPage':
      // Post/redirect/get: the 3DS step is a page of its own, safe to reload.
      return { statusCode: 303, body: '', headers: { location: pageUrl } };
    case 'toProvider':
      return { statusCode: 303, body: '', headers: { location: outcome.url } };
    case 'toAcquirer':
      return renderAcquirerStep(outcome.redirect, lang);
    case 'return':
      return renderReturn({ lang, order, outcome: outcome.outcome, reason: outcome.reason, url: outcome.url, target: outcome.target });
  }
}
