/**
 * S2S CARD (`/post`, form-encoded): one method per action, each signed with its Appendix A formula. Follow-ups are
 * signed over the original payment's payer_email and card, which the request itself does not carry: pass them as
 * `payment` (see `paymentKeys`).
 */
import {
  formula1,
  formula1Token,
  formula2,
  formula3,
  formula4,
  formula5,
  formula5Token,
  formula6,
  formula8,
  type HashAlgorithm,
} from '@open-payments/protocol';
import { encodeForm, type FormFields, type FormValue } from '../wire/form.js';
import type { Transport } from '../wire/transport.js';
import type {
  S2sAcceptedAnswer,
  S2sCaptureAnswer,
  S2sCardDetailsAnswer,
  S2sCardPaymentAnswer,
  S2sCardStatusAnswer,
  S2sScheduleAnswer,
  S2sScheduleInfoAnswer,
  S2sVoidAnswer,
  S2sCardCaptureFields,
  S2sCardCard2cardFields,
  S2sCardCredit2cardFields,
  S2sCardCreditvoidFields,
  S2sCardDebitFields,
  S2sCardDeleteScheduleFields,
  S2sCardDescheduleFields,
  S2sCardGetTransDetailsFields,
  S2sCardGetTransStatusByOrderFields,
  S2sCardGetTransStatusFields,
  S2sCardPauseScheduleFields,
  S2sCardRecurringSaleFields,
  S2sCardRetryFields,
  S2sCardRunScheduleFields,
  S2sCardSaleFields,
  S2sCardSaleWalletFields,
  S2sCardScheduleInfoFields,
  S2sCardUpdateScheduleFields,
  S2sCardVoidFields,
} from '@open-payments/protocol';
import type { S2sResult } from './s2s-types.js';

/** What a trans_id follow-up's hash covers: the original payment's email and card (full, masked or first6+last4). */
export interface PaymentKeys {
  payer_email?: string;
  card_number: string;
  /** The payment was a CREDIT2CARD: its follow-ups use Formula 6. */
  credit2card?: boolean;
}

/** The payer's fields, each optional (which an action requires, its request type says). */
export type Payer = Partial<Pick<S2sCardSaleFields, Extract<keyof S2sCardSaleFields, `payer_${string}`>>>;

export type Order = Pick<S2sCardSaleFields, 'order_id' | 'order_amount' | 'order_currency' | 'order_description'>;

interface Extras {
  channel_id?: string;
  custom_data?: Record<string, FormValue>;
  parameters?: Record<string, FormValue>;
  /** Any other protocol field, sent as given (digital_wallet, payment_token, ...). */
  extra?: FormFields;
}

/**
 * An action's declared fields (@open-payments/protocol requests.ts, generated from the platform's declaration) with
 * the SDK's extras; `custom_data` and `parameters` are groups here.
 */
type Declared<F> = Omit<F, keyof Extras>;

/** The card fields, which a card_token stands in for. */
type CardField = 'card_number' | 'card_exp_month' | 'card_exp_year' | 'card_cvv2';

/** SALE (AUTH: the same fields without mpi_data); the card fields are optional, as a token stands in for them. */
export interface SaleRequest extends Declared<Omit<S2sCardSaleFields, CardField>>, Partial<Pick<S2sCardSaleFields, CardField>>, Extras {}

/** SALE or AUTH paid with a Google Pay / Apple Pay token (digital_wallet + payment_token; Formula 8): no card fields. */
export interface WalletSaleRequest extends Declared<S2sCardSaleWalletFields>, Extras {}

export interface DebitRequest extends Declared<S2sCardDebitFields>, Extras {}

export interface Card2CardRequest extends Declared<S2sCardCard2cardFields>, Extras {}

/** CREDIT2CARD: card_number or card_token; the expiry as MM/YYYY (`expiry`) or card_exp_month + card_exp_year. */
export interface Credit2CardRequest extends Declared<Omit<S2sCardCredit2cardFields, 'card_number'>>, Extras {
  card_number?: string;
  expiry?: string;
  card_exp_month?: string;
  card_exp_year?: string;
}

/** RECURRING_SALE (RECURRING_DEBIT: the same fields without auth). */
export interface RecurringRequest extends Declared<S2sCardRecurringSaleFields>, Extras {}

/** The numbers among a schedule's settings, sent as their text. */
type ScheduleNumber =
  | 'interval_length'
  | 'day_of_month'
  | 'payments_count'
  | 'first_payment_interval_length'
  | 'first_payment_day_of_week'
  | 'first_payment_day_of_month';

/** A schedule's settings: UPDATE_SCHEDULE's fields but its schedule_id (CREATE_SCHEDULE requires some). */
export type ScheduleSettings = Omit<S2sCardUpdateScheduleFields, 'schedule_id' | 'delays' | ScheduleNumber> & {
  [K in ScheduleNumber]?: number;
};

/** The keys a follow-up needs, from the request that created the payment. */
export function paymentKeys(
  req: { payer_email?: string; card_number?: string; payer_card_number?: string },
  opts: { credit2card?: boolean } = {},
): PaymentKeys {
  const card = req.card_number ?? req.payer_card_number;
  if (!card) throw new TypeError('paymentKeys: the request has no card number');
  return { payer_email: opts.credit2card ? undefined : req.payer_email, card_number: card, credit2card: opts.credit2card };
}

export class S2sCard {
  constructor(
    private readonly transport: Transport,
    private readonly credentials: { clientKey: string; password: string; hashAlgorithm: HashAlgorithm },
    private readonly path: '/post' | '/v2/post' = '/post',
  ) {}

  /** SALE (with `auth: 'Y'` an authorization). Formula 1 (or 1 with card_token; Formula 8 for a wallet token). */
  sale(req: SaleRequest | WalletSaleRequest): Promise<S2sCardPaymentAnswer> {
    return this.send('SALE', this.cardPayment(req), req.extra);
  }

  /** AUTH: SALE's request and hash, held for CAPTURE. */
  auth(req: SaleRequest | WalletSaleRequest): Promise<S2sCardPaymentAnswer> {
    return this.send('AUTH', this.cardPayment(req), req.extra);
  }

  /** DEBIT: same fields and hash as SALE; payee_* details may be sent in `extra`. */
  debit(req: DebitRequest): Promise<S2sCardPaymentAnswer> {
    return this.send('DEBIT', this.cardPayment(req), req.extra);
  }

  capture(req: S2sCardCaptureFields, payment: PaymentKeys): Promise<S2sCaptureAnswer> {
    return this.followUp('CAPTURE', req, payment);
  }

  /** CREDITVOID (refund or reversal): ACCEPTED now, the outcome by callback. */
  creditvoid(req: S2sCardCreditvoidFields, payment: PaymentKeys): Promise<S2sAcceptedAnswer> {
    return this.followUp('CREDITVOID', req, payment);
  }

  void(req: S2sCardVoidFields, payment: PaymentKeys): Promise<S2sVoidAnswer> {
    return this.followUp('VOID', req, payment);
  }

  getTransStatus(req: S2sCardGetTransStatusFields, payment: PaymentKeys): Promise<S2sCardStatusAnswer> {
    return this.followUp('GET_TRANS_STATUS', req, payment);
  }

  getTransDetails(req: S2sCardGetTransDetailsFields, payment: PaymentKeys): Promise<S2sCardDetailsAnswer> {
    return this.followUp('GET_TRANS_DETAILS', req, payment);
  }

  /** Formula 2 with order_id in trans_id's place (the platform also takes the latest trans_id there). */
  getTransStatusByOrder(req: S2sCardGetTransStatusByOrderFields, payment: PaymentKeys): Promise<S2sCardStatusAnswer> {
    return this.send('GET_TRANS_STATUS_BY_ORDER', { ...req, hash: this.transIdHash(req.order_id, payment) });
  }

  /** RECURRING_SALE on an initial pair: Formula 1 over the initial payment's email and card. */
  recurringSale(req: RecurringRequest, initial: PaymentKeys): Promise<S2sCardPaymentAnswer> {
    return this.recurring('RECURRING_SALE', req, initial);
  }

  recurringDebit(req: RecurringRequest, initial: PaymentKeys): Promise<S2sCardPaymentAnswer> {
    return this.recurring('RECURRING_DEBIT', req, initial);
  }

  /** RETRY of a soft-declined recurring payment: ACCEPTED now, the outcome by callback. */
  retry(req: S2sCardRetryFields, payment: PaymentKeys): Promise<S2sAcceptedAnswer> {
    const { password, hashAlgorithm } = this.credentials;
    return this.send('RETRY', {
      ...req,
      hash: formula1({ email: payment.payer_email, password, cardNumber: payment.card_number }, hashAlgorithm),
    });
  }

  /** CREDIT2CARD payout: Formula 5 (token form with card_token). */
  credit2card(req: Credit2CardRequest): Promise<S2sCardPaymentAnswer> {
    const { password, hashAlgorithm } = this.credentials;
    const { extra, ...fields } = req;
    const hash = req.card_number
      ? formula5({ password, cardNumber: req.card_number }, hashAlgorithm)
      : formula5Token({ password, cardToken: required(req.card_token, 'card_number or card_token') }, hashAlgorithm);
    return this.send('CREDIT2CARD', { ...fields, hash }, extra);
  }

  /** CARD2CARD: Formula 1 over payer_card_number. */
  card2card(req: Card2CardRequest): Promise<S2sCardPaymentAnswer> {
    const { password, hashAlgorithm } = this.credentials;
    const { extra, ...fields } = req;
    return this.send(
      'CARD2CARD',
      { ...fields, hash: formula1({ email: req.payer_email, password, cardNumber: req.payer_card_number }, hashAlgorithm) },
      extra,
    );
  }

  createSchedule(
    req: ScheduleSettings & Required<Pick<ScheduleSettings, 'name' | 'interval_length' | 'interval_unit' | 'payments_count'>>,
  ): Promise<S2sScheduleAnswer> {
    const { password, hashAlgorithm } = this.credentials;
    return this.send('CREATE_SCHEDULE', { ...stringify(req), hash: formula3({ password }, hashAlgorithm) });
  }

  updateSchedule(req: ScheduleSettings & Pick<S2sCardUpdateScheduleFields, 'schedule_id'>): Promise<S2sScheduleAnswer> {
    return this.scheduleAction('UPDATE_SCHEDULE', req);
  }
  pauseSchedule(req: S2sCardPauseScheduleFields): Promise<S2sScheduleAnswer> {
    return this.scheduleAction('PAUSE_SCHEDULE', req);
  }
  runSchedule(req: S2sCardRunScheduleFields): Promise<S2sScheduleAnswer> {
    return this.scheduleAction('RUN_SCHEDULE', req);
  }
  deleteSchedule(req: S2sCardDeleteScheduleFields): Promise<S2sScheduleAnswer> {
    return this.scheduleAction('DELETE_SCHEDULE', req);
  }
  scheduleInfo(req: S2sCardScheduleInfoFields): Promise<S2sScheduleInfoAnswer> {
    return this.scheduleAction('SCHEDULE_INFO', req);
  }
  /** DESCHEDULE: the recurring chain of recurring_token stops following schedule_id. */
  deschedule(req: S2sCardDescheduleFields): Promise<S2sScheduleAnswer> {
    return this.scheduleAction('DESCHEDULE', req);
  }

  private cardPayment(req: SaleRequest | WalletSaleRequest | DebitRequest): FormFields {
    const { password, hashAlgorithm } = this.credentials;
    const { extra: _extra, ...fields } = req;
    const hash =
      'card_number' in req && req.card_number
        ? formula1({ email: req.payer_email, password, cardNumber: req.card_number }, hashAlgorithm)
        : 'card_token' in req && req.card_token
          ? formula1Token({ email: req.payer_email, password, cardToken: req.card_token }, hashAlgorithm)
          : formula8({ email: req.payer_email, password }, hashAlgorithm);
    return { ...fields, hash };
  }

  private followUp<T extends S2sResult>(action: string, req: { trans_id: string; amount?: string }, payment: PaymentKeys): Promise<T> {
    return this.send(action, { ...req, hash: this.transIdHash(req.trans_id, payment) });
  }

  private recurring(action: string, req: RecurringRequest, initial: PaymentKeys): Promise<S2sCardPaymentAnswer> {
    const { password, hashAlgorithm } = this.credentials;
    const { extra, ...fields } = req;
    return this.send(
      action,
      { ...fields, hash: formula1({ email: initial.payer_email, password, cardNumber: initial.card_number }, hashAlgorithm) },
      extra,
    );
  }

  private scheduleAction<T extends S2sResult>(action: string, req: { schedule_id: string }): Promise<T> {
    const { password, hashAlgorithm } = this.credentials;
    return this.send(action, { ...stringify(req), hash: formula4({ scheduleId: req.schedule_id, password }, hashAlgorithm) });
  }

  private transIdHash(id: string, payment: PaymentKeys): string {
    const { password, hashAlgorithm } = this.credentials;
    return payment.credit2card
      ? formula6({ password, transId: id, cardNumber: payment.card_number }, hashAlgorithm)
      : formula2({ email: payment.payer_email, password, transId: id, cardNumber: payment.card_number }, hashAlgorithm);
  }

  private send<T extends S2sResult>(action: string, fields: FormFields, extra?: FormFields): Promise<T> {
    const body = encodeForm({ ...extra, action, client_key: this.credentials.clientKey, ...fields });
    return this.transport.send<T>({ method: 'POST', path: this.path, contentType: 'application/x-www-form-urlencoded', body });
  }
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === '') throw new TypeError(`${what} is required`);
  return value;
}

function stringify(req: object): FormFields {
  const out: FormFields = {};
  for (const [k, v] of Object.entries(req)) if (v !== undefined) out[k] = typeof v === 'number' ? String(v) : (v as FormValue);
  return out;
}
