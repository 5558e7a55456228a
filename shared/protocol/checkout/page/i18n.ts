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
import { SPEC_LANGUAGES, acceptedLanguage, knownLanguage, sentLanguage, type LanguageCode } from './language-codes.js';
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
// The codes alone (no words) for the request readers, so an S2S bundle carries no page dictionaries.
export { SPEC_LANGUAGES, acceptedLanguage, knownLanguage, sentLanguage };

/** Keyed by the lowercased spec code (language-codes.ts): every spec language has its words. */
const TEXTS: Record<LanguageCode, PageText> = {
  en, sp, ar, az, fr, nb, zh, 'zh-tw': zhTW, kk, de, it, hr, cs, hu, pl, pt, ro, ja, nl, bg, ru,
};
const RTL = new Set(['ar']);
/** The HTML lang attribute wants BCP 47: the protocol's "sp" is Spanish (es). */
const HTML_LANG: Record<string, string> = { sp: 'es', 'zh-tw': 'zh-TW' };
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

export function pageLanguage(requested: string | undefined, fallbacks: LanguageFallbacks = {}): PageLanguage {
  const sent = requested?.trim();
  // A language the payment was given wins outright; an unknown one is English (the spec), not the next fallback.
  const code = sent ? (knownLanguage(sent) ?? 'en') : (knownLanguage(fallbacks.merchantDefault) ?? acceptedLanguage(fallbacks.acceptLanguage) ?? 'en');
  return { code, htmlLang: HTML_LANG[code] ?? code, dir: RTL.has(code) ? 'rtl' : 'ltr', t: TEXTS[code as LanguageCode] };
}

/** Fills {name} placeholders. Values are inserted as text; the renderer escapes the result. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}
