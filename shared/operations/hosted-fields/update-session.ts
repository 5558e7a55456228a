/**
 * PUT /api/v1/session/update (header Token): changes an open session before its payment. Once a payment was
 * attempted (whatever its outcome) the session is "Session can not be updated.". A new amount or currency
 * re-validates the whole order (format of the amount in its currency, zero only with auth or recurring_init) and
 * selects the MID again ("Not found acceptable methods" when none fits). Token and expiry stay; so does a card
 * the iframes already submitted. The write is conditional on the session's version, so a payment that starts
 * meanwhile wins and the update is refused.
 */
import type { Deps } from '../deps.js';
import type { Mid } from '../../domain/merchant.js';
import { formatAmount, parseAmount, parseCurrency } from '../../domain/money.js';
import {
  ConflictError,
  InvalidHashError,
  PlatformError,
  SessionUpdateError,
  ValidationError,
  type FieldError,
} from '../../domain/errors.js';
import { hashMatches } from '../../protocol/signature.js';
import { sessionUpdateHash } from '../../protocol/hosted-fields/update-hash.js';
import { MESSAGES } from '../../protocol/fields.js';
import { toFormValue } from '../../protocol/checkout/json.js';
import { readUpdateRequest, type SessionChanges } from '../../protocol/hosted-fields/update-request.js';
import type { UpdateAnswer } from '../../protocol/hosted-fields/answers.js';
import { selectMid } from '../payment/index.js';
import { maskCardNumbers } from '../../protocol/pan-mask.js';
import { saveSession, type HostedSession, type LoadedSession } from './session.js';

export async function updateSession(d: Pick<Deps, 'checkoutSessions'>, loaded: LoadedSession, rawBody: string): Promise<UpdateAnswer> {
  let s: HostedSession | undefined = loaded.session;
  if (s.state !== 'open') throw SessionUpdateError.sessionUsed();
  const signed = loaded.merchant.hostedFieldsUpdateSignature === true;
  const changes = readUpdateRequest(rawBody, { signed });
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!s || s.state !== 'open') throw SessionUpdateError.sessionUsed();
    // Against the session as it is now: an unsent amount or currency is the current one.
    if (signed) verifyUpdateHash(loaded, s, changes);
    if (await saveSession(d, s, applyChanges(s, changes, loaded.mids))) return { result: 'success' };
    s = (await d.checkoutSessions.getByTokenHash(loaded.tokenHash)) as HostedSession | undefined;
  }
  throw ConflictError.sessionChanged();
}

/**
 * Stricter mode: the update must be signed by the merchant backend over the Token and the amount and currency the
 * session will have (update-hash.ts). Missing or wrong: the protocol's "hash: Hash is not valid.".
 */
function verifyUpdateHash(loaded: LoadedSession, s: HostedSession, c: SessionChanges): void {
  const o = s.order;
  const expected = sessionUpdateHash(loaded.merchant, {
    token: loaded.token,
    amount: c.orderAmount ?? formatAmount({ minor: o.amount, currency: o.currency }),
    currency: c.orderCurrency ?? o.currency,
    description: o.description,
  });
  if (!hashMatches(expected, c.hash)) throw new InvalidHashError();
}

function applyChanges(s: HostedSession, c: SessionChanges, mids: Mid[]): Partial<HostedSession> {
  const errors: FieldError[] = [];
  const next: Partial<HostedSession> = {};

  if (c.orderAmount !== undefined || c.orderCurrency !== undefined) {
    try {
      const currency = parseCurrency(c.orderCurrency ?? s.order.currency, 'order_currency');
      // A new currency alone re-reads the current amount in that currency's format.
      const amountText = c.orderAmount ?? formatAmount({ minor: s.order.amount, currency: s.order.currency });
      const amount = parseAmount(amountText, currency, 'order_amount').minor;
      next.order = { ...s.order, amount, currency: currency.code };
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      errors.push(...err.fieldErrors);
    }
  }
  const recurringInit = c.recurringInit ?? s.recurringInit;
  if (c.recurringInit !== undefined) next.recurringInit = c.recurringInit;
  if (c.reqToken !== undefined) next.reqToken = c.reqToken;
  if (c.scheduleId !== undefined) next.scheduleId = c.scheduleId ?? undefined;
  const scheduleId = c.scheduleId === undefined ? s.scheduleId : (c.scheduleId ?? undefined);
  if (scheduleId !== undefined && (!recurringInit || s.operation === 'debit')) {
    errors.push({ field: 'schedule_id', message: 'This value is available with recurring_init for purchase only.' });
  }
  if (c.parameters !== undefined) next.parameters = Object.keys(c.parameters).length ? maskCardNumbers(c.parameters) : undefined;
  if (c.customData !== undefined)
    next.customData = Object.keys(c.customData).length
      ? (toFormValue(maskCardNumbers(c.customData)) as Record<string, unknown>)
      : undefined;

  const amount = next.order?.amount ?? s.order.amount;
  if (amount === 0 && !(s.auth || recurringInit)) errors.push({ field: 'order_amount', message: MESSAGES.positive });
  if (errors.length) throw new ValidationError(errors);

  if (next.order) {
    try {
      selectMid(mids, { authorize: s.auth, sale: s.operation === 'purchase', zeroAmount: amount === 0 });
    } catch (err) {
      if (!(err instanceof PlatformError) || err.httpStatus >= 500) throw err;
      throw SessionUpdateError.noMethods();
    }
  }
  return next;
}
