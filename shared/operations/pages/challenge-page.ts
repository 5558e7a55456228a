/**
 * The platform's 3DS / REDIRECT page, shared by every protocol that sends a payer there (S2S CARD and S2S APM
 * /threeds/{transId}; hosted fields /hosted-fields/3ds/{transId}): the one-off page token is checked against the
 * payment, the page shows the amount and masked card, and its submission completes the payment once
 * (payment/challenge.ts) and sends the payer back the protocol's way. A protocol names only what differs.
 */
import type { Deps } from '../deps.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import { formatAmount } from '../../domain/money.js';
import { maskCard, type Payment } from '../../domain/payment.js';
import { hashEquals } from '../../protocol/signature.js';
import type { PageLanguage } from '../../pages/i18n.js';
import { authenticationPage, messagePage, type HtmlPage } from '../../pages/s2s-card/threeds-page.js';
import { completeFromPage, isWaitingForChallenge, type CallbackRecorder } from '../payment/index.js';
import { countChallengeDeclines } from '../risk/challenge-declines.js';
import { framedForMerchantOf } from './framing.js';
import { browserPageLanguage, paymentPageLanguage } from './language.js';

export interface PageResult extends HtmlPage {
  statusCode: number;
}

/** What the page reads itself: the payment, its merchant's settings, and the payment cores that complete it. */
export type ChallengePageDeps = Pick<
  Deps,
  'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'cardVault' | 'connectors' | 'risk' | 'config'
>;

/** `D`: the ports the protocol's own steps read. */
export interface ChallengeFlow<D> {
  /** The page token issued with this payment's redirect_url, when the payment is one this flow serves. */
  token(p: Payment): string | undefined;
  /** Where the page's form posts, and its hidden fields. */
  form(d: D, p: Payment, token: string): { action: string; fields: Record<string, string> };
  /** The protocol's callbacks for the completed payment. */
  recorder(d: D, config: MerchantConfig, p: Payment): CallbackRecorder;
  /** The payer's way back to the merchant once the payment has its outcome. */
  backToMerchant(d: D, p: Payment, lang: PageLanguage): Promise<PageResult>;
}

export const notFoundPage = (lang: PageLanguage): PageResult => ({
  statusCode: 404,
  ...messagePage(lang.t.notFoundTitle, lang.t.authPageNotFound, lang),
});

export interface ChallengePage<D> {
  /** acceptLanguage: the payer's browser's Accept-Language, a fallback of the page language (language.ts). */
  show: (d: D & ChallengePageDeps, transId: string, token: string | undefined, acceptLanguage?: string) => Promise<PageResult>;
  submit: (d: D & ChallengePageDeps, transId: string, token: string | undefined, acceptLanguage?: string) => Promise<PageResult>;
}

export function challengePage<D>(flow: ChallengeFlow<D>): ChallengePage<D> {
  /** The payment, if the token is the one issued with its redirect_url. */
  const load = async (d: Pick<Deps, 'payments'>, transId: string, token: string | undefined): Promise<Payment | undefined> => {
    if (!/^[0-9a-f-]{36}$/i.test(transId)) return undefined;
    const p = await d.payments.get(transId);
    const issued = p && flow.token(p);
    return issued !== undefined && hashEquals(issued, token) ? p : undefined;
  };
  return {
    async show(d, transId, token, acceptLanguage) {
      const p = await load(d, transId, token);
      if (!p) return notFoundPage(browserPageLanguage(acceptLanguage));
      const lang = await paymentPageLanguage(d, p, acceptLanguage);
      if (!isWaitingForChallenge(p)) return flow.backToMerchant(d, p, lang);
      return framedForMerchantOf(d, p.clientKey, {
        statusCode: 200,
        ...authenticationPage({
          kind: p.status as '3DS' | 'REDIRECT',
          ...flow.form(d, p, token!),
          amount: `${formatAmount({ minor: p.amount, currency: p.currency })} ${p.currency}`,
          card: p.card && maskCard(p.card),
          descriptor: p.descriptor,
          lang,
        }),
      });
    },
    async submit(d, transId, token, acceptLanguage) {
      const p = await load(d, transId, token);
      if (!p) return notFoundPage(browserPageLanguage(acceptLanguage));
      const lang = await paymentPageLanguage(d, p, acceptLanguage);
      const config = await d.merchants.get(p.clientKey);
      if (!config) return notFoundPage(lang);
      return flow.backToMerchant(
        d,
        await completeFromPage(d, p, { callbacks: flow.recorder(d, config, p), declined: countChallengeDeclines(d) }),
        lang,
      );
    },
  };
}

/** A 303 to `location` (the payer's browser follows it). */
export const seeOther = (location: string): PageResult => ({ statusCode: 303, body: '', headers: { location } });
