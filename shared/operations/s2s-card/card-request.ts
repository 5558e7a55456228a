/**
 * The stanza DEBIT, CARD2CARD and CREDIT2CARD share: read the order, the payer and the action's own fields (in the
 * action's order, so its errors list as before) → one validation error for all of them → the request hash → the MID.
 * What is left in each action's file is what differs: its fields, its hash formula and its MID needs.
 */
import { InvalidHashError } from '../../errors.js';
import type { Merchant, Mid } from '../../domain/merchant.js';
import { FieldReader } from '../../protocol/fields.js';
import { hashMatches } from '../../protocol/signature.js';
import { checkZeroAmount, readCommon, readOrder, type CommonDetails, type Order } from '../../protocol/s2s-card/card-payment.js';
import type { PayerNeeds } from '../../protocol/s2s-card/payer.js';
import { selectMid, type RoutingNeeds } from '../payment/routing.js';
import type { S2sCardRequest } from './action.js';

export interface CardRequestSpec<T> {
  payer: PayerNeeds;
  /** Fields read between the order and the payer (CREDIT2CARD's channel_id). */
  beforePayer?(f: FieldReader): void;
  /** The action's own fields, read after the payer. */
  fields(f: FieldReader, common: CommonDetails): T;
  /** The hash the request must carry. */
  hash(merchant: Merchant, fields: T, common: CommonDetails): string;
  route(fields: T, common: CommonDetails): RoutingNeeds;
}

export interface AcceptedCardRequest<T> {
  order: Order;
  common: CommonDetails;
  fields: T;
  mid: Mid;
}

export function acceptCardRequest<T>(req: S2sCardRequest, spec: CardRequestSpec<T>): AcceptedCardRequest<T> {
  const { merchant, mids } = req.config;
  const f = new FieldReader(req.form);
  const order = readOrder(f);
  spec.beforePayer?.(f);
  const common = readCommon(f, merchant, spec.payer);
  const fields = spec.fields(f, common);
  f.required('hash');
  checkZeroAmount(f, order, false);
  f.throwIfInvalid();
  if (!hashMatches(spec.hash(merchant, fields, common), req.form.hash)) throw new InvalidHashError();
  return { order, common, fields, mid: selectMid(mids, spec.route(fields, common)) };
}

const PAYEE_NAMES = ['payee_first_name', 'payee_last_name', 'payee_address', 'payee_country', 'payee_state', 'payee_city', 'payee_zip', 'payee_email', 'payee_phone'];

/** The payee's identity fields of CARD2CARD and CREDIT2CARD, added to the action's extras. */
export function readPayee(f: FieldReader, extras: Record<string, string>): Record<string, string> {
  for (const name of PAYEE_NAMES) {
    const v = f.optional(name, { max: 255 });
    if (v) extras[name] = v;
  }
  return extras;
}
