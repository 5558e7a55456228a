/**
 * Recognises the page's return to the app: a navigation to successUrl, cancelUrl, errorUrl (or expiryUrl) carrying
 * payment_id, trans_id, order_id and hash (docs/checkout.md §3). Pages are told apart by origin and path.
 */
import { returnTarget } from '../request/validate.js';
import { parseHttpUrl, queryParams } from '../url/light-url.js';
import type { PaymentRequest } from '../request/payment-request.js';

export type CheckoutOutcome = 'success' | 'cancel' | 'error' | 'closed';

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

export function returnMatcher(request: Pick<PaymentRequest, 'successUrl' | 'cancelUrl' | 'errorUrl' | 'expiryUrl'>): ReturnMatcher {
  const pages = new Map<string, Pick<ReturnVisit, 'status' | 'expired'>>();
  const add = (url: string | undefined, visit: Pick<ReturnVisit, 'status' | 'expired'>) => {
    const target = url && returnTarget(url);
    if (target && !pages.has(target)) pages.set(target, visit);
  };
  add(request.successUrl, { status: 'success' });
  add(request.cancelUrl, { status: 'cancel' });
  add(request.errorUrl, { status: 'error' });
  add(request.expiryUrl, { status: 'cancel', expired: true });

  return (url) => {
    const parsed = parseHttpUrl(url);
    const page = parsed && pages.get(parsed.target);
    if (!page) return undefined;
    const q = queryParams(parsed.query);
    const get = (k: string) => q.get(k);
    return { ...page, paymentId: get('payment_id'), transId: get('trans_id'), orderId: get('order_id'), hash: get('hash') };
  };
}
