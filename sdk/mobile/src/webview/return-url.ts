/**
 * Recognises the page's return to the app: a navigation to successUrl, cancelUrl, errorUrl (or expiryUrl) carrying
 * payment_id, trans_id, order_id and hash (docs/checkout.md §3). Pages are told apart by origin, path and the
 * merchant's own query parameters.
 */
import { parseHttpUrl, queryParams } from '../url/light-url.js';
import type { PaymentRequest } from '../request/payment-request.js';

/** `returned`: the page came back to a URL that several outcomes share, so only `checkStatus` can tell which. */
export type CheckoutOutcome = 'success' | 'cancel' | 'error' | 'returned' | 'closed';

export interface ReturnVisit {
  status: Exclude<CheckoutOutcome, 'closed'>;
  /** Set when the page returned to expiryUrl (reported as a cancel). */
  expired?: true;
  paymentId?: string;
  transId?: string;
  orderId?: string;
  hash?: string;
}

export type ReturnMatcher = (url: string) => ReturnVisit | undefined;

type Outcome = Pick<ReturnVisit, 'status' | 'expired'>;

interface ReturnPage {
  target: string;
  /** The merchant's own query parameters in that URL (e.g. ?result=cancel): they tell pages on one path apart. */
  params: Map<string, string>;
  outcome: Outcome;
}

export function returnMatcher(request: Pick<PaymentRequest, 'successUrl' | 'cancelUrl' | 'errorUrl' | 'expiryUrl'>): ReturnMatcher {
  const pages: ReturnPage[] = [];
  const add = (url: string | undefined, outcome: Outcome) => {
    const parsed = url ? parseHttpUrl(url) : undefined;
    if (parsed) pages.push({ target: parsed.target, params: queryParams(parsed.query), outcome });
  };
  add(request.successUrl, { status: 'success' });
  add(request.cancelUrl, { status: 'cancel' });
  add(request.errorUrl, { status: 'error' });
  add(request.expiryUrl, { status: 'cancel', expired: true });

  return (url) => {
    const parsed = parseHttpUrl(url);
    if (!parsed) return undefined;
    const q = queryParams(parsed.query);
    const onPath = pages.filter((p) => p.target === parsed.target);
    if (!onPath.length) return undefined;
    // The URLs whose own query the return carries, the most specific first (…/r?result=cancel over …/r); a return
    // that lost the merchant's query still ends the checkout. If the best still disagree, say so.
    const carried = onPath.filter((p) => [...p.params].every(([k, v]) => q.get(k) === v));
    const pool = carried.length ? carried : onPath;
    const most = Math.max(...pool.map((p) => p.params.size));
    const best = pool.filter((p) => p.params.size === most).map((p) => p.outcome);
    const statuses = new Set(best.map((o) => o.status));
    const outcome: Outcome =
      statuses.size > 1
        ? { status: 'returned' }
        : { status: best[0]!.status, ...(best.every((o) => o.expired) ? { expired: true as const } : {}) };
    const get = (k: string) => q.get(k);
    return { ...outcome, paymentId: get('payment_id'), transId: get('trans_id'), orderId: get('order_id'), hash: get('hash') };
  };
}
