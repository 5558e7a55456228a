/**
 * The stanza every S2S CARD charge request shares (SALE / AUTH, a wallet SALE, DEBIT, CARD2CARD, CREDIT2CARD): read
 * the order, the fields before the payer, the payer and the action's own fields (in the action's order, so its
 * errors list as before) → one validation error for all of them → the request hash; and the charge request of a
 * payer's card payment. What is left in each action's file is what differs: its fields, its hash formula, its MID
 * and its own details.
 */
import { InvalidHashError } from '../../domain/errors.js';
import type { Merchant, Mid } from '../../domain/merchant.js';
import { FieldReader } from '../../protocol/fields.js';
import { formSpec, optional, readFields, required, type FormSpec } from '../../protocol/form-spec.js';
import { BROWSER_SPEC } from '../../protocol/s2s-card/browser.js';
import { payerFields } from '../../protocol/s2s-card/payer.js';
import { hashMatches } from '../../protocol/signature.js';
import type { PaymentDetails, TransactionType } from '../../domain/payment.js';
import {
  browserOf,
  checkZeroAmount,
  commonDetails,
  MOTO_AND_CUSTOM_DATA,
  ORDER_FIELDS,
  payerIpOf,
  readCommon,
  readOrder,
  type CommonDetails,
  type Order,
  type readTermUrl,
} from '../../protocol/s2s-card/card-payment.js';
import type { PayerNeeds } from '../../protocol/s2s-card/payer.js';
import { selectMid, type RoutingNeeds } from '../payment/index.js';
import type { S2sCardRequest } from './action.js';
import { chargeOnce, newChallengeToken, orderOf } from './pipeline.js';

export interface CardRequestSpec<T, B = void> {
  payer: PayerNeeds;
  /** Fields read between the order and the payer (SALE's auth, recurring_init, req_token; CREDIT2CARD's channel_id). */
  before?: { fields: FormSpec; read(f: FieldReader): B };
  /** The action's own fields, as declared (every branch `fields` may read), in the order they are read. */
  own: FormSpec;
  /** Reads the action's own fields (of `own`), after the payer. */
  fields(f: FieldReader, common: CommonDetails, before: B): T;
  /** A zero amount is allowed (a SALE's authorization or recurring_init: a card check); without, it never is. */
  zeroAmount?(before: B): boolean;
  /** The hash the request must carry. */
  hash(merchant: Merchant, fields: T, common: CommonDetails): string;
}

export interface CardRequest<T, B = void> {
  order: Order;
  before: B;
  common: CommonDetails;
  fields: T;
}

export const HASH = { hash: required() };

/** The action's whole request, as read: the order, `before`, the payer, the browser, its own fields, the hash, `after`. */
export function cardRequestFields<B>(spec: Pick<CardRequestSpec<unknown, B>, 'payer' | 'before' | 'own'>, after: FormSpec = {}): FormSpec {
  const stanza = [ORDER_FIELDS, spec.before?.fields ?? {}, payerFields(spec.payer), BROWSER_SPEC, MOTO_AND_CUSTOM_DATA];
  return formSpec(...stanza, spec.own, HASH, after);
}

/** The request read, validated and authenticated: one validation error for every field, then the hash. */
export function readCardRequest<T, B = void>(req: S2sCardRequest, spec: CardRequestSpec<T, B>): CardRequest<T, B> {
  const { merchant } = req.config;
  const f = new FieldReader(req.form);
  const order = readOrder(f);
  const before = spec.before?.read(f) as B;
  const common = readCommon(f, merchant, spec.payer);
  const fields = spec.fields(f, common, before);
  readFields(f, HASH);
  checkZeroAmount(f, order, spec.zeroAmount?.(before) ?? false);
  f.throwIfInvalid();
  if (!hashMatches(spec.hash(merchant, fields, common), req.form.hash)) throw new InvalidHashError();
  return { order, before, common, fields };
}

export interface AcceptedCardRequest<T, B = void> extends CardRequest<T, B> {
  mid: Mid;
}

/**
 * DEBIT, CARD2CARD and CREDIT2CARD: the request, then the MID by mode and MOTO alone. docs/routing.md: routing
 * rules are for SALE / AUTH (and Checkout, hosted fields); these keep that routing.
 */
export function acceptCardRequest<T, B = void>(
  req: S2sCardRequest,
  spec: CardRequestSpec<T, B> & { route(fields: T, common: CommonDetails): RoutingNeeds },
): AcceptedCardRequest<T, B> {
  const accepted = readCardRequest(req, spec);
  return { ...accepted, mid: selectMid(req.config.mids, spec.route(accepted.fields, accepted.common)) };
}

/** What a payer's card payment (SALE / AUTH, a wallet SALE, DEBIT, CARD2CARD) asks of the charge, beyond its request. */
export interface PayerCardCharge {
  transactionType: TransactionType;
  mid: Mid;
  authorize: boolean;
  card: ChargeRequest['card'];
  externalThreeDs: boolean;
  cascade?: ChargeRequest['cascade'];
  authentication?: ChargeRequest['authentication'];
  /** The action's own details, after the payer's and before the 3DS challenge token. */
  details: Partial<PaymentDetails>;
  cardToken?: string;
  issueCardToken: boolean;
  issueRecurringToken: boolean;
}

type ChargeRequest = Parameters<typeof chargeOnce>[2];

/** The chargeOnce request of a payer's card payment: its order, the payer, the browser, a token for our own 3DS page. */
export function payerCardCharge(
  request: { order: Order; common: CommonDetails; fields: { term: ReturnType<typeof readTermUrl> } },
  c: PayerCardCharge,
): ChargeRequest {
  const { order, common } = request;
  return {
    transactionType: c.transactionType,
    ...orderOf(order),
    mid: c.mid,
    card: c.card,
    payerEmail: common.payer.email,
    authorize: c.authorize,
    externalThreeDs: c.externalThreeDs,
    cascade: c.cascade,
    authentication: c.authentication,
    browser: browserOf(common),
    payerIp: payerIpOf(common),
    details: { ...commonDetails(common, request.fields.term), ...c.details, challengeToken: newChallengeToken() },
    cardToken: c.cardToken,
    issueCardToken: c.issueCardToken,
    issueRecurringToken: c.issueRecurringToken,
  };
}

const PAYEE_NAMES = [
  'payee_first_name',
  'payee_last_name',
  'payee_address',
  'payee_country',
  'payee_state',
  'payee_city',
  'payee_zip',
  'payee_email',
  'payee_phone',
];

/** The payee's identity fields of CARD2CARD and CREDIT2CARD. */
export const PAYEE_FIELDS = Object.fromEntries(PAYEE_NAMES.map((n) => [n, optional({ max: 255 })]));

/** The payee's identity fields, added to the action's extras. */
export function readPayee(f: FieldReader, extras: Record<string, string>): Record<string, string> {
  for (const [name, v] of Object.entries(readFields(f, PAYEE_FIELDS))) if (v) extras[name] = v;
  return extras;
}
