/**
 * Drives one Checkout in any web view from its navigation events, with no UI framework: `start()` creates the
 * session and answers the page address to load; the adapter reports every navigation (`shouldStartLoad` before it
 * happens, `onNavigation` after) and the page's fate (`close`, `fail`). `result` settles once, when the page first
 * reaches a return URL, the view is closed, or it fails.
 *
 * The outcome tells where the payer went, not whether money moved: the return hash covers only the ids
 * (docs/checkout.md §3), so confirm a paid order with `checkStatus` or the merchant's callback before shipping.
 */
import type { CheckoutSdk } from '../checkout-sdk.js';
import { ReturnHashError } from '../errors.js';
import type { PaymentRequest } from '../request/payment-request.js';
import { returnMatcher, type CheckoutOutcome, type ReturnMatcher } from './return-url.js';

export interface CheckoutResult {
  status: CheckoutOutcome;
  paymentId?: string;
  orderId?: string;
  transId?: string;
  /** The return came to expiryUrl (status "cancel"). */
  expired?: true;
  /** true: the return hash matched; undefined: not checked (no password in this SDK, or no hash). */
  hashVerified?: true;
  /** Why an "error" or "closed" came about when no return URL told it (a load failure, the view closed). */
  reason?: string;
}

export class CheckoutWebViewController {
  readonly result: Promise<CheckoutResult>;
  private resolve!: (r: CheckoutResult) => void;
  private reject!: (e: unknown) => void;
  private done = false;
  private paymentUrl?: Promise<string>;
  private readonly matchReturn: ReturnMatcher;

  constructor(
    private readonly sdk: CheckoutSdk,
    private readonly request: PaymentRequest,
  ) {
    this.matchReturn = returnMatcher(request);
    this.result = new Promise<CheckoutResult>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // An app that only awaits start() must not see an unhandled rejection of `result` as well.
    this.result.catch(() => undefined);
  }

  get settled(): boolean {
    return this.done;
  }

  /**
   * Creates the session (once) and answers the page to load. A refused session also rejects `result`.
   * `urlTarget` overrides the request's: an adapter that shows the page in a frame needs the return to stay there.
   */
  start(options: { urlTarget?: PaymentRequest['urlTarget'] } = {}): Promise<string> {
    const request = options.urlTarget ? { ...this.request, urlTarget: options.urlTarget } : this.request;
    this.paymentUrl ??= this.sdk.fetchPaymentUrl(request).catch((err: unknown) => {
      this.settleWith(() => this.reject(err));
      throw err;
    });
    return this.paymentUrl;
  }

  /**
   * Before the web view loads `url`: false for a return URL (the app takes over; the merchant's page is not
   * loaded), true for anything else, including the payment page's own steps (3DS, method pages).
   */
  shouldStartLoad(url: string): boolean {
    if (this.done) return false;
    const visit = this.matchReturn(url);
    if (!visit) return true;
    const { hash, ...rest } = visit;
    const verified = rest.paymentId ? this.sdk.checkReturnHash(rest.paymentId, this.request.order, hash) : undefined;
    if (verified === false) {
      this.settleWith(() => this.reject(new ReturnHashError(url)));
      return false;
    }
    this.settleWith(() => this.resolve(strip({ ...rest, hashVerified: verified === true && hash !== undefined ? true : undefined })));
    return false;
  }

  /** After a navigation, for web views that report only those (and as a second net): same rule as shouldStartLoad. */
  onNavigation(url: string): void {
    this.shouldStartLoad(url);
  }

  /** The page could not load. The payment's fate is unknown: "error", as the platform's error_url would say. */
  fail(reason: string): void {
    this.settleWith(() => this.resolve({ status: 'error', reason }));
  }

  /** The payer (or the app) closed the view before a return URL was reached. */
  close(): void {
    this.settleWith(() => this.resolve({ status: 'closed', reason: 'closed before the page returned' }));
  }

  private settleWith(settle: () => void): void {
    if (this.done) return;
    this.done = true;
    settle();
  }
}

function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
