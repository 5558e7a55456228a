/**
 * Which language a payer page speaks. The spec (6.7.0 "per-payment language"): `payer_language` on S2S,
 * `billing_address.language` on Checkout; 21 codes, case-insensitive, not validated, unknown codes fall back to
 * English; without one, the protocol mapping default applies, then the browser language. So:
 *   1. the payment's own language, when it was sent (a code we do not know → English, as the spec says);
 *   2. else the merchant's default language (protocol-mapping setting, `merchants update --default-language`);
 *   3. else the browser's Accept-Language (the first acceptable tag, by q-value, we have a translation for);
 *   4. else English.
 * The words themselves live in one JSON file per language under ./i18n/, read on first use (page-text.ts).
 */
import { BAD_CARD, type PageText } from './i18n/types.js';
import { SPEC_LANGUAGES, acceptedLanguage, knownLanguage, sentLanguage, type LanguageCode } from '../protocol/language-codes.js';
import { pageText } from './page-text.js';

export { BAD_CARD, type PageText };
// The codes alone (no words) for the request readers, so an S2S bundle carries no page dictionaries.
export { SPEC_LANGUAGES, acceptedLanguage, knownLanguage, sentLanguage };

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
  const code = sent
    ? (knownLanguage(sent) ?? 'en')
    : (knownLanguage(fallbacks.merchantDefault) ?? acceptedLanguage(fallbacks.acceptLanguage) ?? 'en');
  return { code, htmlLang: HTML_LANG[code] ?? code, dir: RTL.has(code) ? 'rtl' : 'ltr', t: pageText(code as LanguageCode) };
}

/** Fills {name} placeholders. Values are inserted as text; the renderer escapes the result. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}
