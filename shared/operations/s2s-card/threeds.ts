/**
 * The authentication page of S2S CARD payments answered with REDIRECT (status 3DS or REDIRECT), and of S2S APM
 * Google Pay PAN_ONLY payments whose 3DS the acquirer asks for (pages/challenge-page.ts): the payer returns to
 * term_url_3ds (S2S CARD) or with a 303 to return_url (S2S APM, as its method pages do).
 */
import type { Deps } from '../deps.js';
import type { Payment } from '../../domain/payment.js';
import { messagePage, returnPage } from '../../pages/s2s-card/threeds-page.js';
import type { PageLanguage } from '../../pages/i18n.js';
import { s2sRecorder } from './pipeline.js';
import { apmRecorder } from '../s2s-apm/pipeline.js';
import { framedFor } from '../pages/framing.js';
import { challengePage, seeOther, type PageResult } from '../pages/challenge-page.js';

const processed = (lang: PageLanguage): PageResult => ({
  statusCode: 200,
  ...messagePage(lang.t.processedTitle, lang.t.closeWindow, lang),
});

async function backToMerchant(d: Pick<Deps, 'merchants'>, p: Payment, lang: PageLanguage): Promise<PageResult> {
  if (p.protocol === 's2s-apm') {
    const returnUrl = p.details.returnUrl;
    return returnUrl ? seeOther(returnUrl) : processed(lang);
  }
  const termUrl = p.details.termUrl3ds;
  if (!termUrl) return processed(lang);
  // The merchant account's link target overrides term_url_target, also for payments made before it was set.
  const config = await d.merchants.get(p.clientKey);
  const target = config?.merchant.linkTarget ?? p.details.termUrlTarget ?? '_top';
  return framedFor(config?.merchant, {
    statusCode: 200,
    ...returnPage({ termUrl, target, fields: { trans_id: p.transId, order_id: p.orderId }, lang }),
  });
}

const page = challengePage<Pick<Deps, 'config' | 'merchants' | 'newId'>>({
  token: (p) =>
    (p.protocol === 's2s-card' || p.protocol === 's2s-apm') && typeof p.details.challengeToken === 'string'
      ? p.details.challengeToken
      : undefined,
  form: (d, p, token) => ({ action: `${d.config.PUBLIC_BASE_URL}/threeds/${p.transId}/complete`, fields: { PaReq: token, MD: p.transId } }),
  recorder: (d, config, p) => (p.protocol === 's2s-apm' ? apmRecorder({ config, deps: d }) : s2sRecorder({ config, deps: d })),
  backToMerchant,
});

export const showChallenge = page.show;
export const submitChallenge = page.submit;
