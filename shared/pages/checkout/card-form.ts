/**
 * The payer's form as posted by the hosted page: a new card (number, expiry, CVV unless it is a payout, name), or one
 * of the session's saved cards (card_token) with only its CVV — or, for a payout, only its expiry; for a transfer
 * also the payee's card number. Messages are in the page's language; the Luhn failure uses the platform's own text
 * (protocol.md §8). Nothing here is logged: the values are card data.
 */
import type { FormObject } from '../../protocol/form.js';
import { getString } from '../../protocol/form.js';
import { cardBrand, luhnValid } from '../../protocol/fields.js';
import type { PageText } from '../i18n.js';
import { brandDescriptor } from '../../protocol/apm/catalogue.js';
import { checkAsked, type PayerFacts } from '../../protocol/apm/page-fields.js';

export type FieldName =
  | 'card_number'
  | 'expiry'
  | 'cvv'
  | 'holder'
  | 'terms'
  | 'card_choice'
  | 'saved_cvv'
  | 'saved_expiry'
  | 'payee_card_number'
  | 'method'
  | 'identifier';
/** `parameters`: an alternative method's fields, by parameter name, in the protocol's wording (apm/rules.ts). */
export type FormErrors = Partial<Record<FieldName | 'form', string>> & { parameters?: Record<string, string> };

/** What the page asks for an alternative method: its identifier's rule and the parameters the session lacks. */
export interface ApmPageMethod {
  identifier: 'required' | 'optional';
  ask: string[];
}

export interface PostedCard {
  number: string;
  expMonth: string;
  /** Four digits. */
  expYear: string;
  cvv?: string;
  holder: string;
}

export type CardChoice =
  | { kind: 'new'; card: PostedCard }
  /** index into the session's saved cards; cvv (payments) or expiry (payouts) as the payer typed it. */
  | { kind: 'saved'; index: number; cvv?: string; expiry?: { expMonth: string; expYear: string } }
  /** An alternative method (brand) with the payer's identifier at it and the parameters the page asked for. */
  | { kind: 'apm'; brand: string; identifier?: string; parameters: Record<string, string> };

export interface PaymentFormOptions {
  /** The session's methods (`card` and APM brands); the first is preselected. */
  methods: string[];
  /** Payments ask for the CVV; payouts (credit) do not. */
  askCvv: boolean;
  /** MOTO sessions: the CVV is asked for but may be left empty. */
  cvvOptional?: boolean;
  /** How many saved cards the page offers. */
  savedCards: number;
  /** card/credit: only the saved card, no new-card choice. */
  savedOnly: boolean;
  /** transfer: the payee's card number too. */
  payeeCard: boolean;
  terms: boolean;
  now: Date;
  /** Per alternative method of the session: what its fields are (absent: the identifier only, required). */
  apm?: Readonly<Record<string, ApmPageMethod>>;
  /** The payer as the session knows them, for parameters checked against the payer. */
  payer?: PayerFacts;
}

export type PaymentFormResult =
  | { ok: true; choice: CardChoice; payeeCardNumber?: string }
  | {
      ok: false;
      errors: FormErrors;
      holder: string;
      choice: string;
      method: string;
      identifier: string;
      parameters?: Record<string, string>;
    };

/** "saved-N" or "new"; a page with saved cards preselects the first, so a missing choice means the only one offered. */
function readChoice(form: FormObject, opts: PaymentFormOptions): string | undefined {
  const raw = getString(form, 'card_choice');
  if (opts.savedOnly) return 'saved-0';
  if (raw === undefined) return opts.savedCards > 0 ? undefined : 'new';
  if (raw === 'new') return raw;
  const m = /^saved-(\d{1,2})$/.exec(raw);
  return m && Number(m[1]) < opts.savedCards ? raw : undefined;
}

const digitsOf = (v: string | undefined) => (v ?? '').replace(/[\s-]/g, '');

function numberError(number: string, t: PageText): string | undefined {
  if (!number) return t.required;
  // A number that fails Luhn or names no brand we know gets the platform's one text (§8: 1111 2222 3333 4444).
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number) || cardBrand(number) === 'unknown') return t.badCard;
  return undefined;
}

function readExpiry(text: string, now: Date, t: PageText): { error: string } | { expMonth: string; expYear: string } {
  const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(text);
  const month = m ? Number(m[1]) : 0;
  const year = m ? Number(m[2]!.length === 2 ? `20${m[2]}` : m[2]) : 0;
  if (!text) return { error: t.required };
  if (!m || month < 1 || month > 12) return { error: t.badExpiry };
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return { error: t.cardExpired };
  return { expMonth: String(month).padStart(2, '0'), expYear: String(year) };
}

function cvvError(cvv: string, t: PageText, optional = false): string | undefined {
  if (!cvv) return optional ? undefined : t.required;
  return /^\d{3,4}$/.test(cvv) ? undefined : t.badCvv;
}

export function readPaymentForm(form: FormObject, opts: PaymentFormOptions, t: PageText): PaymentFormResult {
  const errors: FormErrors = {};
  const holder = (getString(form, 'holder') ?? '').trim().replace(/\s+/g, ' ');
  const posted = getString(form, 'method');
  const method = posted === undefined ? opts.methods[0]! : opts.methods.includes(posted) ? posted : undefined;
  const identifier = (getString(form, 'identifier') ?? '').trim();
  const choice = method === 'card' ? readChoice(form, opts) : undefined;
  let result: CardChoice | undefined;
  let parameters: Record<string, string> | undefined;

  if (method === undefined) {
    errors.method = t.fixErrors;
  } else if (method !== 'card') {
    const page = opts.apm?.[method] ?? { identifier: 'required', ask: [] };
    const descriptor = brandDescriptor(method);
    const asked =
      descriptor && page.ask.length ? checkAsked(descriptor, page.ask, form.parameters, opts.payer ?? {}) : { errors: {}, values: {} };
    parameters = asked.values;
    if (Object.keys(asked.errors).length) errors.parameters = asked.errors;
    if (!identifier && page.identifier === 'required') errors.identifier = t.required;
    else if (identifier.length > 255) errors.identifier = t.badIdentifier;
    else if (!errors.parameters) result = { kind: 'apm', brand: method, identifier: identifier || undefined, parameters: asked.values };
  } else if (choice === undefined) {
    errors.card_choice = t.chooseCard;
  } else if (choice === 'new') {
    const number = digitsOf(getString(form, 'card_number'));
    const expiry = readExpiry((getString(form, 'expiry') ?? '').trim(), opts.now, t);
    const cvv = (getString(form, 'cvv') ?? '').trim();
    const numberProblem = numberError(number, t);
    if (numberProblem) errors.card_number = numberProblem;
    if ('error' in expiry) errors.expiry = expiry.error;
    const cvvProblem = opts.askCvv ? cvvError(cvv, t, opts.cvvOptional) : undefined;
    if (cvvProblem) errors.cvv = cvvProblem;
    if (!holder) errors.holder = t.required;
    else if (holder.length < 2 || holder.length > 64 || !/^[\p{L} .'-]+$/u.test(holder)) errors.holder = t.badHolder;
    if (!('error' in expiry)) result = { kind: 'new', card: { number, ...expiry, cvv: opts.askCvv && cvv ? cvv : undefined, holder } };
  } else {
    const index = Number(choice.slice('saved-'.length));
    if (opts.askCvv) {
      const cvv = (getString(form, 'saved_cvv') ?? '').trim();
      const problem = cvvError(cvv, t, opts.cvvOptional);
      if (problem) errors.saved_cvv = problem;
      result = { kind: 'saved', index, cvv: cvv || undefined };
    } else {
      const expiry = readExpiry((getString(form, 'saved_expiry') ?? '').trim(), opts.now, t);
      if ('error' in expiry) errors.saved_expiry = expiry.error;
      else result = { kind: 'saved', index, expiry };
    }
  }

  let payeeCardNumber: string | undefined;
  if (opts.payeeCard && method === 'card') {
    payeeCardNumber = digitsOf(getString(form, 'payee_card_number'));
    const problem = numberError(payeeCardNumber, t);
    if (problem) errors.payee_card_number = problem;
  }
  if (opts.terms && getString(form, 'terms') !== '1') errors.terms = t.termsRequired;

  if (Object.keys(errors).length || !result) {
    const badCard = errors.card_number === t.badCard || errors.payee_card_number === t.badCard;
    return {
      ok: false,
      errors: { ...errors, form: badCard ? t.badCard : t.fixErrors },
      holder,
      choice: choice ?? '',
      method: method ?? '',
      identifier,
      parameters,
    };
  }
  return { ok: true, choice: result, payeeCardNumber };
}
