/**
 * S2S APM (`/post-va`, form-encoded): alternative methods by `brand` (sandbox: `vcard`). Every APM formula needs only
 * the request's own fields and the PASSWORD, so no payment keys are passed.
 */
import { apmCredit2VirtualHash, apmCreditvoidHash, apmSaleHash, apmTransIdHash, type HashAlgorithm } from '@open-payments/protocol';
import { encodeForm, type FormFields, type FormValue } from '../wire/form.js';
import type { Transport } from '../wire/transport.js';
import type {
  S2sAcceptedAnswer,
  S2sApmCaptureFields,
  S2sApmCreditvoidFields,
  S2sApmDebit2virtualCompleteFields,
  S2sApmGetTransStatusFields,
  S2sApmPaymentAnswer,
  S2sApmSaleFields,
  S2sApmStatusAnswer,
  S2sApmVoidFields,
  S2sCaptureAnswer,
  S2sVoidAnswer,
} from '@open-payments/protocol';

/**
 * The fields of an APM payment (SALE, DEBIT2VIRTUAL(_CALC), CREDIT2VIRTUAL, CREDIT2CRYPTO): SALE's as the platform
 * declares them (@open-payments/protocol requests.ts), return_url optional as the payouts have it (sale() requires
 * it); callback_url overrides the notification URL for every callback of the payment.
 */
export interface ApmPaymentRequest extends Omit<S2sApmSaleFields, 'return_url' | 'parameters' | 'custom_data'> {
  return_url?: string;
  /** Brand-specific fields, sent as parameters[...]: each brand's are typed in S2sApmBrandParameters. */
  parameters?: Record<string, FormValue>;
  custom_data?: Record<string, FormValue>;
  extra?: FormFields;
}

/** Any S2S APM answer; each method returns its own. */
export type ApmResult = S2sApmPaymentAnswer | S2sApmStatusAnswer | S2sCaptureAnswer | S2sVoidAnswer | S2sAcceptedAnswer;

export class S2sApm {
  constructor(
    private readonly transport: Transport,
    private readonly credentials: { clientKey: string; password: string; hashAlgorithm: HashAlgorithm },
  ) {}

  /** SALE: Sale signature over identifier, order_id, order_amount, order_currency. */
  sale(req: ApmPaymentRequest & { return_url: string }): Promise<S2sApmPaymentAnswer> {
    return this.payment('SALE', req);
  }
  /** DEBIT2VIRTUAL: one-step debit to the method; Sale signature. */
  debit2virtual(req: ApmPaymentRequest): Promise<S2sApmPaymentAnswer> {
    return this.payment('DEBIT2VIRTUAL', req);
  }
  /** DEBIT2VIRTUAL_CALC: step one of the two-step debit (commission quoted); Sale signature. */
  debit2virtualCalc(req: ApmPaymentRequest): Promise<S2sApmPaymentAnswer> {
    return this.payment('DEBIT2VIRTUAL_CALC', req);
  }
  /** CREDIT2VIRTUAL payout: Credit2Virtual signature (no identifier, PASSWORD outside strrev). */
  credit2virtual(req: ApmPaymentRequest): Promise<S2sApmPaymentAnswer> {
    const { password, hashAlgorithm } = this.credentials;
    const hash = apmCredit2VirtualHash(
      { orderId: req.order_id, orderAmount: req.order_amount, orderCurrency: req.order_currency, password },
      hashAlgorithm,
    );
    return this.send('CREDIT2VIRTUAL', req, hash);
  }
  /** DEBIT2VIRTUAL_COMPLETE: step two, by trans_id. */
  debit2virtualComplete(req: S2sApmDebit2virtualCompleteFields): Promise<S2sApmPaymentAnswer> {
    return this.byTransId('DEBIT2VIRTUAL_COMPLETE', req, apmTransIdHash);
  }
  capture(req: S2sApmCaptureFields): Promise<S2sCaptureAnswer> {
    return this.byTransId('CAPTURE', req, apmTransIdHash);
  }
  void(req: S2sApmVoidFields): Promise<S2sVoidAnswer> {
    return this.byTransId('VOID', req, apmTransIdHash);
  }
  /** CREDITVOID (refund): ACCEPTED now, the outcome by callback. Creditvoid signature. */
  creditvoid(req: S2sApmCreditvoidFields): Promise<S2sAcceptedAnswer> {
    return this.byTransId('CREDITVOID', req, apmCreditvoidHash);
  }
  getTransStatus(req: S2sApmGetTransStatusFields): Promise<S2sApmStatusAnswer> {
    return this.byTransId('GET_TRANS_STATUS', req, apmTransIdHash);
  }

  private payment(action: string, req: ApmPaymentRequest): Promise<S2sApmPaymentAnswer> {
    const { password, hashAlgorithm } = this.credentials;
    const hash = apmSaleHash(
      { identifier: req.identifier, orderId: req.order_id, orderAmount: req.order_amount, orderCurrency: req.order_currency, password },
      hashAlgorithm,
    );
    return this.send(action, req, hash);
  }

  private byTransId<T extends ApmResult>(
    action: string,
    req: { trans_id: string; amount?: string },
    formula: (p: { transId: string; password: string }, algo: HashAlgorithm) => string,
  ): Promise<T> {
    const { password, hashAlgorithm } = this.credentials;
    return this.send(action, req, formula({ transId: req.trans_id, password }, hashAlgorithm));
  }

  private send<T extends ApmResult>(action: string, req: object & { extra?: FormFields }, hash: string): Promise<T> {
    const { extra, ...fields } = req as { extra?: FormFields } & FormFields;
    const body = encodeForm({ ...(extra as FormFields | undefined), action, client_key: this.credentials.clientKey, ...fields, hash });
    return this.transport.send<T>({ method: 'POST', path: '/post-va', contentType: 'application/x-www-form-urlencoded', body });
  }
}
