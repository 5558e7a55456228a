/**
 * The framework-free core: `new CheckoutSdk({ backendUrl, merchantKey, password })`.
 *
 * With a password the SDK signs every request itself (backendUrl may then be the platform). Without one it sends
 * the same fields unsigned to the merchant's own backend, which holds the password and signs them: the app then
 * carries no secret. Either way the password only ever enters a hash; it is never part of a request.
 */
import { InvalidRequestError, UnexpectedResponseError } from './errors.js';
import { hashEquals, returnHash, type HashAlgorithm } from './hash/formulas.js';
import { refund, session, signedBody, status, voidPayment, type CheckoutOperationSpec } from './operations/index.js';
import { orderWithDescription, sdkFieldName, toSessionFields, type Order, type PaymentRequest } from './request/payment-request.js';
import type { PaymentStatus, RefundAccepted, VoidResult } from './results.js';
import { postJson, type FetchLike } from './transport.js';

export interface CheckoutSdkOptions {
  /** The merchant backend (or, with a password, the platform's checkout address). */
  backendUrl: string;
  /** The merchant's public key; may be left out when the backend fills it in. */
  merchantKey?: string;
  /** Only to compute hashes; never sent. Leave it out of apps and let the merchant backend sign. */
  password?: string;
  /** "SHA256 mode" merchants. */
  hashAlgorithm?: HashAlgorithm;
  /**
   * The signed-in app user's token (from your own sign-in), sent as `Authorization: Bearer <token>` on every
   * request: the merchant backend signs nothing for anyone else. Called before each request, so it may refresh.
   */
  getAuthToken?: () => string | undefined | Promise<string | undefined>;
  /** Defaults to the global fetch (React Native, browsers, Node 18+). */
  fetch?: FetchLike;
  timeoutMs?: number;
}

export type StatusQuery = { paymentId: string } | { orderId: string; size?: number };

export class CheckoutSdk {
  private readonly backendUrl: string;
  private readonly fetchFn: FetchLike;

  // A private field: it does not show when the SDK object is logged, inspected or serialised.
  readonly #password: string | undefined;
  private readonly options: Omit<CheckoutSdkOptions, 'password'>;

  constructor(options: CheckoutSdkOptions) {
    const problems = [];
    if (!/^https?:\/\/[^/]/.test(options.backendUrl ?? '')) problems.push({ field: 'backendUrl', message: 'must be an http(s) URL' });
    if (options.password !== undefined && !options.merchantKey)
      problems.push({ field: 'merchantKey', message: 'is required to sign requests with a password' });
    if (options.getAuthToken !== undefined && typeof options.getAuthToken !== 'function')
      problems.push({ field: 'getAuthToken', message: "must be a function answering the app user's token" });
    if (options.password === '') problems.push({ field: 'password', message: 'must not be empty (leave it out to let the backend sign)' });
    if (problems.length) throw new InvalidRequestError(problems);
    const { password, ...rest } = options;
    this.#password = password;
    this.options = rest;
    this.backendUrl = options.backendUrl.replace(/\/+$/, '');
    const globalFetch = (globalThis as { fetch?: FetchLike }).fetch;
    this.fetchFn = options.fetch ?? ((url, init) => globalFetch!(url, init));
  }

  /** True when this instance can check return hashes (it knows the password). */
  get canVerifyReturns(): boolean {
    return this.#password !== undefined;
  }

  /** Creates a Checkout session; answers the hosted page's address. */
  async fetchPaymentUrl(request: PaymentRequest): Promise<string> {
    const answer = (await this.send(session, toSessionFields(request))) as { redirect_url?: unknown };
    if (typeof answer.redirect_url !== 'string') throw new UnexpectedResponseError(200, JSON.stringify(answer));
    return answer.redirect_url;
  }

  /** By payment_id: one status. By order_id: the latest attempt, or with `size` the latest `size` attempts. */
  checkStatus(query: { paymentId: string }): Promise<PaymentStatus>;
  checkStatus(query: { orderId: string }): Promise<PaymentStatus>;
  checkStatus(query: { orderId: string; size: number }): Promise<PaymentStatus[]>;
  async checkStatus(query: StatusQuery): Promise<PaymentStatus | PaymentStatus[]> {
    const fields: Record<string, unknown> =
      'paymentId' in query
        ? { payment_id: query.paymentId }
        : { order_id: query.orderId, ...(query.size === undefined ? {} : { size: String(query.size) }) };
    return (await this.send(status, fields)) as PaymentStatus | PaymentStatus[];
  }

  /** Full refund without `amount`, partial with it (a decimal string, "5.00"). The outcome follows by callback. */
  async refundPayment(p: { paymentId: string; amount?: string }): Promise<RefundAccepted> {
    return (await this.send(refund, {
      payment_id: p.paymentId,
      ...(p.amount === undefined ? {} : { amount: p.amount }),
    })) as RefundAccepted;
  }

  /** Cancels a settled payment on its financial day. `status: "FAIL"` when it can no longer be voided. */
  async voidPayment(p: { paymentId: string }): Promise<VoidResult> {
    return (await this.send(voidPayment, { payment_id: p.paymentId })) as VoidResult;
  }

  /** Whether a return URL's hash matches its payment_id and the order; undefined without a password to check with. */
  checkReturnHash(paymentId: string, order: Order, hash: string | undefined): boolean | undefined {
    if (this.#password === undefined) return undefined;
    return hashEquals(
      returnHash({ password: this.#password, hashAlgorithm: this.options.hashAlgorithm }, paymentId, orderWithDescription(order)),
      hash,
    );
  }

  private async send(op: CheckoutOperationSpec, fields: Record<string, unknown>): Promise<unknown> {
    const problems = op.problems(fields);
    if (problems.length) throw new InvalidRequestError(problems.map((p) => ({ field: sdkFieldName(p.field), message: p.message })));
    const { merchantKey, hashAlgorithm } = this.options;
    const password = this.#password;
    const body =
      password !== undefined
        ? signedBody(op, fields, { merchantKey: merchantKey!, password, hashAlgorithm })
        : { ...(merchantKey ? { merchant_key: merchantKey } : {}), ...fields };
    const token = this.options.getAuthToken ? await this.options.getAuthToken() : undefined;
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    return postJson(this.fetchFn, `${this.backendUrl}${op.path}`, body, this.options.timeoutMs ?? 30_000, headers);
  }
}
