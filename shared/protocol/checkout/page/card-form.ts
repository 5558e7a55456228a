/**
 * The payer's card form as posted by the hosted page. Messages are in the page's language; the Luhn failure uses
 * the platform's own text (protocol.md §8). Nothing here is logged: the values are card data.
 */
import type { FormObject } from '../../form.js';
import { getString } from '../../form.js';
import { cardBrand, luhnValid } from '../../fields.js';
import type { PageText } from './i18n.js';
import type { FieldName } from './render.js';

export interface PostedCard {
  number: string;
  expMonth: string;
  /** Four digits. */
  expYear: string;
  cvv?: string;
  holder: string;
}

export type CardFormResult = { ok: true; card: PostedCard } | { ok: false; errors: Partial<Record<FieldName | 'form', string>>; holder: string };

export function readCardForm(form: FormObject, opts: { askCvv: boolean; terms: boolean; now: Date }, t: PageText): CardFormResult {
  const errors: Partial<Record<FieldName | 'form', string>> = {};
  const number = (getString(form, 'card_number') ?? '').replace(/[\s-]/g, '');
  const expiry = (getString(form, 'expiry') ?? '').trim();
  const cvv = (getString(form, 'cvv') ?? '').trim();
  const holder = (getString(form, 'holder') ?? '').trim().replace(/\s+/g, ' ');

  if (!number) errors.card_number = t.required;
  // A number that fails Luhn or names no brand we know gets the platform's one text (§8: 1111 2222 3333 4444).
  else if (!/^\d{12,19}$/.test(number) || !luhnValid(number) || cardBrand(number) === 'unknown') errors.card_number = t.badCard;

  const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry);
  const month = m ? Number(m[1]) : 0;
  const year = m ? Number(m[2]!.length === 2 ? `20${m[2]}` : m[2]) : 0;
  if (!expiry) errors.expiry = t.required;
  else if (!m || month < 1 || month > 12) errors.expiry = t.badExpiry;
  else if (year < opts.now.getUTCFullYear() || (year === opts.now.getUTCFullYear() && month < opts.now.getUTCMonth() + 1)) errors.expiry = t.cardExpired;

  if (opts.askCvv) {
    if (!cvv) errors.cvv = t.required;
    else if (!/^\d{3,4}$/.test(cvv)) errors.cvv = t.badCvv;
  }
  if (!holder) errors.holder = t.required;
  else if (holder.length < 2 || holder.length > 64 || !/^[\p{L} .'-]+$/u.test(holder)) errors.holder = t.badHolder;
  if (opts.terms && getString(form, 'terms') !== '1') errors.terms = t.termsRequired;

  if (Object.keys(errors).length) return { ok: false, errors: { ...errors, form: errors.card_number === t.badCard ? t.badCard : t.fixErrors }, holder };
  return {
    ok: true,
    card: { number, expMonth: String(month).padStart(2, '0'), expYear: String(year), cvv: opts.askCvv ? cvv : undefined, holder },
  };
}
