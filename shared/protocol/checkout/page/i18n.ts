/**
 * Which language a payer page speaks. The spec (6.7.0 "per-payment language"): `payer_language` on S2S,
 * `billing_address.language` on Checkout; 21 codes, case-insensitive, not validated, unknown codes fall back to
 * English; without one, the protocol mapping default applies, then the browser language. So:
 *   1. the payment's own language, when it was sent (a code we do not know → English, as the spec says);
 *   2. else the merchant's default language (protocol-mapping setting, `merchants update --default-language`);
 *   3. else the browser's Accept-Language (the first acceptable tag, by q-value, we have a translation for);
 *   4. else English.
 * The words themselves live in one file per language under ./i18n/.
 */
import { BAD_CARD, type PageText } from './i18n/types.js';
import { en } from './i18n/en.js';
import { sp } from './i18n/sp.js';
import { ar } from './i18n/ar.js';
import { az } from './i18n/az.js';
import { fr } from './i18n/fr.js';
import { nb } from './i18n/nb.js';
import { zh } from './i18n/zh.js';
import { zhTW } from './i18n/zh-TW.js';
import { kk } from './i18n/kk.js';
import { de } from './i18n/de.js';
import { it } from './i18n/it.js';
import { hr } from './i18n/hr.js';
import { cs } from './i18n/cs.js';
import { hu } from './i18n/hu.js';
import { pl } from './i18n/pl.js';
import { pt } from './i18n/pt.js';
import { ro } from './i18n/ro.js';
import { ja } from './i18n/ja.js';
import { nl } from './i18n/nl.js';
import { bg } from './i18n/bg.js';
import { ru } from './i18n/ru.js';

export { BAD_CARD, type PageText };

/** The spec's language codes, spelled as the spec spells them. */
export const SPEC_LANGUAGES = ['en', 'sp', 'ar', 'az', 'fr', 'nb', 'zh', 'zh-TW', 'kk', 'de', 'it', 'hr', 'cs', 'hu', 'pl', 'pt', 'ro', 'ja', 'nl', 'bg', 'ru'] as const;

/** Keyed by the lowercased spec code. */
const TEXTS: Record<string, PageText> = {
  en, sp, ar, az, fr, nb, zh, 'zh-tw': zhTW, kk, de, it, hr, cs, hu, pl, pt, ro, ja, nl, bg, ru,
};
const RTL = new Set(['ar']);
/** The HTML lang attribute wants BCP 47: the protocol's "sp" is Spanish (es). */
const HTML_LANG: Record<string, string> = { sp: 'es', 'zh-tw': 'zh-TW' };
/**
 * Tags that name one of our languages under another spelling (browsers and clients send BCP 47): Spanish is es,
 * Norwegian may come as no or nn, traditional Chinese as zh-Hant / zh-HK / zh-MO.
 */
const ALIASES: Record<string, string> = { es: 'sp', no: 'nb', nn: 'nb', 'zh-hant': 'zh-tw', 'zh-hk': 'zh-tw', 'zh-mo': 'zh-tw', 'zh-hans': 'zh', 'zh-cn': 'zh' };

export interface PageLanguage {
  /** Lowercased spec code. */
  code: string;
  htmlLang: string;
  dir: 'ltr' | 'rtl';
  t: PageText;
}

export interface LanguageFallbacks {
  /** The merchant's protocol-mapping default language (Merchant.defaultLanguage). */
  merchantDefault?: string;
  /** The payer's browser's Accept-Language header. */
  acceptLanguage?: string;
}

/**
 * One of our codes for a language tag, or undefined: exact (case-insensitive, "_" read as "-"), then a known
 * alias, then the primary subtag (pt-BR → pt, de-AT → de).
 */
export function knownLanguage(tag: string | undefined): string | undefined {
  const code = tag?.trim().toLowerCase().replace(/_/g, '-');
  if (!code) return undefined;
  const known = (c: string) => (Object.hasOwn(TEXTS, c) ? c : Object.hasOwn(ALIASES, c) ? ALIASES[c] : undefined);
  // Own keys only: a tag such as "constructor" must not find Object.prototype's members.
  if (known(code)) return known(code);
  for (let cut = code.lastIndexOf('-'); cut > 0; cut = code.lastIndexOf('-', cut - 1)) {
    const prefix = known(code.slice(0, cut));
    if (prefix) return prefix;
  }
  return undefined;
}

/** The first language of an Accept-Language header we have, by q-value (ties keep the header's order). */
export function acceptedLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const ranges = header
    .slice(0, 1024) // a header is short; never scan an oversized one
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag!.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.tag && r.tag !== '*' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranges) {
    const code = knownLanguage(r.tag);
    if (code) return code;
  }
  return undefined;
}

/**
 * A language field as a request sent it (billing_address.language, selected_language): never validated, so never
 * a reason to refuse the request. Absent or empty → undefined (the fallbacks apply); anything else → our code for
 * it, or English for what we do not know (a number, an unknown or oversized code), as the spec says.
 */
export function sentLanguage(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return (typeof value === 'string' && value.length <= 64 ? knownLanguage(value) : undefined) ?? 'en';
}

export function pageLanguage(requested: string | undefined, fallbacks: LanguageFallbacks = {}): PageLanguage {
  const sent = requested?.trim();
  // A language the payment was given wins outright; an unknown one is English (the spec), not the next fallback.
  const code = sent ? (knownLanguage(sent) ?? 'en') : (knownLanguage(fallbacks.merchantDefault) ?? acceptedLanguage(fallbacks.acceptLanguage) ?? 'en');
  return { code, htmlLang: HTML_LANG[code] ?? code, dir: RTL.has(code) ? 'rtl' : 'ltr', t: TEXTS[code]! };
}

/** Fills {name} placeholders. Values are inserted as text; the renderer escapes the result. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}
