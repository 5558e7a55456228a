/**
 * The method's page of S2S APM payments answered with REDIRECT: showing it, and the payer's decision, which completes
 * the payment once (redirect-step.ts), records the final callback and sends the payer to return_url (303).
 */
import type { Deps } from '../deps.js';
import { BusinessRuleError, ConflictError } from '../../domain/errors.js';
import { formatAmount } from '../../domain/money.js';
import type { Payment } from '../../domain/payment.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import { PATTERNS } from '../../protocol/fields.js';
import { messagePage, methodPage, type HtmlPage } from '../../pages/s2s-apm/method-page.js';
import { completeRedirect, isWaitingForPayer, isWaitingForProvider, providerNotifies, redirectTokenMatches } from './redirect-step.js';
import { apmRecorder } from './pipeline.js';
import { framedForMerchantOf } from '../pages/framing.js';
import { browserPageLanguage, paymentPageLanguage } from '../pages/language.js';
import type { PageLanguage } from '../../pages/i18n.js';
import type { FormValue } from '../../protocol/form.js';
import { showProviderPage, submitProviderPage } from './provider-page.js';
import { onMerchantClock } from '../clock/merchant-clocks.js';

export interface PageResult extends HtmlPage {
  statusCode: number;
}

export interface MethodPageQuery {
  transId: string;
  /** The one-time token of the page's address. */
  token?: string;
  /** The payer's browser's Accept-Language, a fallback of the page language (pages/language.ts). */
  acceptLanguage?: string;
}

export interface MethodPageSubmission extends MethodPageQuery {
  /** approve / reject. */
  decision?: string;
  /** collect[…]: the method's fields the request lacked, asked on the provider's page. */
  collected?: FormValue;
}

const notFound = (lang: PageLanguage): PageResult => ({
  statusCode: 404,
  ...messagePage(lang.t.notFoundTitle, lang.t.methodPageNotFound, lang),
});

async function load(d: Pick<Deps, 'payments' | 'apmConnectors'>, transId: string, token: string | undefined): Promise<Payment | undefined> {
  if (!PATTERNS.uuid.test(transId)) return undefined;
  const p = await d.payments.get(transId);
  if (!p || !redirectTokenMatches(p, token)) return undefined;
  // A Checkout page payment reaches this page only at a provider (vcard's step is the Checkout page's own).
  return p.protocol === 's2s-apm' || (p.protocol === 'checkout' && notifies(d, p)) ? p : undefined;
}

/**
 * vcard completes on this page itself (protocol.md §8); the other brands of a provider whose page the platform serves
 * (the sandbox) are decided on that page, and the provider notifies the platform.
 */
const notifies = (d: Pick<Deps, 'apmConnectors'>, p: Payment) =>
  d.apmConnectors.find(p.connector)?.page !== undefined && providerNotifies(p.details.brand);

/** Where the payer goes after deciding: the shop's return_url, or a Checkout payment's own page (its link token). */
function returnUrlOf(d: Pick<Deps, 'config'>, p: Payment, token: string): string | undefined {
  if (p.protocol === 'checkout') return `${d.config.PUBLIC_BASE_URL}/auth/${token}`;
  return p.details.returnUrl as string | undefined;
}

export async function showMethodPage(
  d: Pick<Deps, 'config' | 'payments' | 'merchants' | 'clock' | 'apmConnectors'>,
  { transId, token, acceptLanguage }: MethodPageQuery,
): Promise<PageResult> {
  const p = await load(d, transId, token);
  if (!p) return notFound(browserPageLanguage(acceptLanguage));
  // The payment's deadline is its merchant's (its test clock in a sandbox: docs/test-clock.md).
  d = await onMerchantClock(d, p.clientKey);
  const lang = await paymentPageLanguage(d, p, acceptLanguage);
  // The provider's page stays open while its provider step is (a "pending" notification makes the payment PENDING).
  if (!(notifies(d, p) ? isWaitingForProvider(p) : isWaitingForPayer(p))) return notFound(lang);
  if (notifies(d, p)) return framedForMerchantOf(d, p.clientKey, showProviderPage(d, p, token!));
  return framedForMerchantOf(d, p.clientKey, {
    statusCode: 200,
    ...methodPage({
      action: `${d.config.PUBLIC_BASE_URL}/post-va/redirect/${p.transId}`,
      token: token!,
      brand: p.details.brand ?? '',
      amount: `${formatAmount({ minor: p.amount + (p.details.commission ?? 0), currency: p.currency })} ${p.currency}`,
      descriptor: p.descriptor,
      lang,
    }),
  });
}

async function completeOnPage(
  d: Pick<Deps, 'payments' | 'callbackQueue' | 'clock' | 'newId' | 'apmConnectors'>,
  p: Payment,
  config: MerchantConfig,
  decision: string | undefined,
): Promise<void> {
  try {
    await completeRedirect(d, { payment: p, approve: decision === 'approve' }, { callbacks: apmRecorder({ config, deps: d }) });
  } catch (err) {
    // A concurrent submission of the same page completed it first: the payer goes back all the same.
    if (!(err instanceof ConflictError || err instanceof BusinessRuleError)) throw err;
  }
}

export async function submitMethodPage(
  d: Pick<Deps, 'config' | 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'providerSecrets' | 'apmConnectors'>,
  { transId, token, decision, collected, acceptLanguage }: MethodPageSubmission,
): Promise<PageResult> {
  const p = await load(d, transId, token);
  if (!p) return notFound(browserPageLanguage(acceptLanguage));
  // The payment's deadline is its merchant's (its test clock in a sandbox: docs/test-clock.md).
  d = await onMerchantClock(d, p.clientKey);
  const lang = await paymentPageLanguage(d, p, acceptLanguage);
  const config = await d.merchants.get(p.clientKey);
  if (!config) return notFound(lang);
  if (notifies(d, p)) {
    // The payer decided on the provider's page: the provider tells the platform, as a real one would.
    const again = await submitProviderPage(d, p, token!, decision, collected);
    if (again) return framedForMerchantOf(d, p.clientKey, again);
  } else await completeOnPage(d, p, config, decision);
  const returnUrl = returnUrlOf(d, p, token!);
  if (!returnUrl) return { statusCode: 200, ...messagePage(lang.t.processedTitle, lang.t.closeWindow, lang) };
  return { statusCode: 303, body: '', headers: { location: returnUrl } };
}
