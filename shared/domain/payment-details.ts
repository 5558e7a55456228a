/**
 * What a payment keeps besides its order, card summary and amounts, in typed sections. Status answers, callbacks
 * and pages echo it; operations read it back (3DS completion, refunds, schedules, the provider step).
 * The sections are stored flat on the payment item under these names (the layout predates the sections), so items
 * written before the sections were typed load unchanged; every key is optional because an action fills only its own.
 * Never card data: the PAN is sealed in the vault, the CVV is never kept.
 */
import type { FormValue } from '../protocol/form.js';
import type { CardOnFile } from './card-on-file.js';
import type { TransactionType } from './payment.js';

/** The payer, under the protocol's wire names (payer_first_name, payer_email ...), echoed by S2S callbacks. */
export interface PayerDetails {
  payer?: Record<string, string>;
  payerLanguage?: string;
  /** payer_present as sent; "N": a merchant-initiated card-on-file payment. */
  payerPresent?: string;
  /** The payer's IP address the acquirer received (again at 3DS completion). */
  payerIp?: string;
}

/** browser_* attributes under their wire names (S2S fields, hosted fields' browser_info, the page's own request). */
export interface BrowserDetails {
  browser?: Record<string, string>;
}

/** The 3DS / redirect step: where the payer returns and the result the callbacks echo. */
export interface ThreeDsDetails {
  /** 3DS attributes (threeDSServerTransID, eci ...): from mpi_data, a wallet cryptogram, or the platform's own 3DS. */
  threeDs?: Record<string, string>;
  /** The secret of the platform's 3DS / redirect page (PaReq). */
  challengeToken?: string;
  termUrl3ds?: string;
  termUrlTarget?: string;
  /** An acquirer that runs the step on its own page (the upstream connector): where the payer is sent, as given. */
  acquirerRedirect?: { url: string; method: 'POST' | 'GET'; params: Record<string, string> };
  /** Hosted payment fields: their own 3DS page and return address. */
  hostedFields?: { returnUrl: string; challengeToken: string };
}

/** How the card was used: card-on-file facts and the tokens the payment asked for. */
export interface CardDetails {
  cardOnFile?: CardOnFile;
  issueCardToken?: boolean;
  issueRecurringToken?: boolean;
  motoType?: string;
}

/** A recurring chain and its schedule (docs/schedules.md). */
export interface ScheduleDetails {
  /** The chain's first payment, on a recurring charge (RETRY charges its card again). */
  recurringFirstTransId?: string;
  scheduleId?: string;
  firstRecurringDate?: string;
  scheduleStartDate?: string;
  /** Minor units. */
  paymentScheduleAmount?: number;
  /** The run of the schedule this payment is. */
  scheduledRun?: number;
}

/** A Google Pay / Apple Pay payment. */
export interface WalletDetails {
  digitalWallet?: string;
  /** dpan (a device token) or fpan. */
  panType?: string;
}

/** An alternative payment method (S2S APM, the Checkout page's APM choice). */
export interface ApmDetails {
  brand?: string;
  identifier?: string;
  /** DEBIT2VIRTUAL: the provider's commission in minor units, charged on top of the amount. */
  commission?: number;
  /** The provider step's deadline (ISO): past it unpaid, the payment is declined. */
  deadline?: string;
  /** sha256 of the one-time token of the method's page. */
  redirectTokenHash?: string;
  /** The provider's own last word (executed, ACSC, expired ...). */
  providerStatus?: string;
  /** What the payer needs to pay outside (crypto_address ...). */
  instructions?: Record<string, string>;
  /** Parameter names the method's page asks the payer for. */
  collectOnPage?: string[];
  returnUrl?: string;
  returnUrlTarget?: string;
  /** The payment's own callback URL (S2S APM callback_url), instead of the merchant's. */
  callbackUrl?: string;
  channelId?: string;
}

/** Payouts and transfers: the receiving side, kept masked (a payee card's first six and last four only). */
export interface PayoutDetails {
  /** Additional parameter sets of CREDIT2CARD / CARD2CARD / DEBIT, under their wire names. */
  extras?: Record<string, string>;
  payeeCard?: string;
  payee?: Record<string, unknown>;
  payeeBillingAddress?: Record<string, unknown>;
  payeeFirstName?: string;
  payeeLastName?: string;
}

/** Checkout and hosted fields: the session's customer, echoed by §5.3 callbacks and status answers. */
export interface CheckoutDetails {
  checkoutOperation?: string;
  /** card, or the APM brand the payer chose on the page. */
  checkoutPaymentMethod?: string;
  customerName?: string;
  customerBirthDate?: string;
  customerCountry?: string;
  customerState?: string;
  customerCity?: string;
  customerAddress?: string;
  customerZip?: string;
  customerPhone?: string;
  customerPhoneCountryCode?: string;
  customerIp?: string;
  language?: string;
  /**
   * A Checkout page card payment: the hash of its session's link token (never the token), so the payer back from an
   * acquirer's own 3DS page (Adyen) finds the session and returns to the merchant (checkout/acquirer-step.ts).
   */
  checkoutSessionTokenHash?: string;
}

/** A chargeback recorded on the payment (the same report again is a duplicate). */
export interface StoredChargeback {
  id: string;
  /** Minor units. */
  amount: number;
  reasonCode: string;
  bankDate: string;
  date: string;
  /** The chargeback reversed whole, as recorded before partial reversals existed (read only: see `reversals`). */
  reversal?: ChargebackReversal;
  /**
   * Each reversal (the merchant won the dispute, or part of it): its money back to the merchant, in order; their sum
   * never exceeds the chargeback's amount (docs/chargebacks.md "Reversal").
   */
  reversals?: ChargebackReversal[];
}

export interface ChargebackReversal {
  id: string;
  /** Minor units. */
  amount: number;
  date: string;
  /** The acquirer's reference for it, when given: a reversal with a reference already recorded is a duplicate. */
  reference?: string;
}

/** Every reversal of a chargeback, the one recorded whole before partial reversals first. */
export function reversalsOf(c: StoredChargeback | undefined): ChargebackReversal[] {
  return c ? [...(c.reversal ? [c.reversal] : []), ...(c.reversals ?? [])] : [];
}

/** What the reversals gave back so far (minor units). */
export const reversedAmount = (c: StoredChargeback | undefined): number => reversalsOf(c).reduce((s, r) => s + r.amount, 0);

/** One MID a payment was tried on and its answer ("declined: Issuer unavailable.", "approved", "not reached"). */
export interface RoutingAttempt {
  midId: string;
  answer: string;
}

/** Which risk control declined a payment, and why: the counter and its value, or the list entry (docs/risk.md). */
export interface RiskDecision {
  control: string;
  reason: string;
}

/** How the payment was processed. */
export interface ProcessingDetails {
  midName?: string;
  /** The MIDs a cascaded payment was tried on, in order, with their answers (docs/routing.md); absent: one MID. */
  routingAttempts?: RoutingAttempt[];
  /**
   * Which of those attempts the payment's MID serves (2 and up; absent: the first): the payment's reference at the
   * acquirer is its own (shared/domain/acquirer-reference.ts).
   */
  routingAttempt?: number;
  /** The risk check's decision when it declined the payment before any acquirer (docs/risk.md). */
  risk?: RiskDecision;
  /** The card's keyed fingerprint (operations/risk), by which an operator blocklists the card: never the number. */
  cardFingerprint?: string;
  /** The payment holds its funds (an authorization), or a SALE routed to a DMS MID. */
  authorize?: boolean;
  /** The history type of the payment's own transaction (SALE / AUTH / DEBIT ...). */
  transactionType?: TransactionType;
  /** custom_data as sent (card numbers in it masked), echoed with the identity mapping: S2S form values, or the
   * Checkout session's JSON object (its callbacks form-encode it). */
  customData?: FormValue | Record<string, unknown>;
  /** Additional parameters as sent (S2S `parameters[...]`, the session's parameters); never an APM's secrets. */
  parameters?: FormValue | Record<string, unknown>;
  chargeback?: StoredChargeback;
}

/**
 * A signed acquirer outcome that contradicts what the payment recorded (docs/reconciliation.md "Late outcomes"): an
 * approval after the payment was declined (the reconciler gave up), a capture or refund failing after it was recorded
 * as done; or the technical cancel sent when the reconciler gave up. Each is written (a conditional write) before
 * anything is sent to the acquirer, so its reversal is sent at most once.
 */
export interface LateOutcome {
  /** What happened: the acquirer's event (AUTHORISATION, CAPTURE_FAILED, payment_approved …) or GIVE_UP. */
  event: string;
  /** The transaction it contradicts (the payment's own: its trans_id; a follow-up: its attempt id). */
  attemptId: string;
  /** Minor units, in the payment's currency. */
  amount: number;
  at: string;
  /** The acquirer's id of what it reports (Adyen pspReference, Checkout.com payment or action id). */
  acquirerRef?: string;
  /**
   * reverse: the platform takes the money back (cancel / refund at the acquirer); technical-cancel: the reconciler
   * gave up and cancelled by our reference; flag: recorded for an operator, nothing sent.
   */
  handling: 'reverse' | 'technical-cancel' | 'flag';
  /**
   * sending: written, request not answered yet (never re-sent); received / refused / no-answer: the answer to it;
   * done / failed: the acquirer's webhook about it (Adyen CANCEL_OR_REFUND, TECHNICAL_CANCEL; Checkout.com
   * payment_voided / payment_refunded or their _declined), or an answer that reversed it at once (the upstream's VOID).
   */
  reversal?: 'sending' | 'received' | 'refused' | 'no-answer' | 'done' | 'failed';
  /** Why the reversal was refused, or not answered. */
  note?: string;
}

/** Acquirer outcomes that came after, and contradict, what was recorded. */
export interface LateOutcomeDetails {
  lateOutcomes?: LateOutcome[];
}

export type PaymentDetails = PayerDetails &
  LateOutcomeDetails &
  BrowserDetails &
  ThreeDsDetails &
  CardDetails &
  ScheduleDetails &
  WalletDetails &
  ApmDetails &
  PayoutDetails &
  CheckoutDetails &
  ProcessingDetails;
