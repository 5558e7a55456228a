/**
 * The spec's payer-page language codes and how a sent code or an Accept-Language tag maps to one of them
 * (i18n.ts has the rules of which one a page speaks, and the words). Apart from the words so that request readers
 * (S2S payer_language, Checkout billing_address.language) do not bundle every language's dictionary.
 */

/** The spec's language codes, spelled as the spec spells them. */
export const SPEC_LANGUAGES = [
  'en',
  'sp',
  'ar',
  'az',
  'fr',
  'nb',
  'zh',
  'zh-TW',
  'kk',
  'de',
  'it',
  'hr',
  'cs',
  'hu',
  'pl',
  'pt',
  'ro',
  'ja',
  'nl',
  'bg',
  'ru',
] as const;

/** A spec code lowercased: how pages and payments keep it. */
export type LanguageCode = Lowercase<(typeof SPEC_LANGUAGES)[number]>;

const CODES: ReadonlySet<string> = new Set(SPEC_LANGUAGES.map((c) => c.toLowerCase()));

/**
 * Tags that name one of our languages under another spelling (browsers and clients send BCP 47): Spanish is es,
 * Norwegian may come as no or nn, traditional Chinese as zh-Hant / zh-HK / zh-MO.
 */
const ALIASES: Record<string, string> = {
  es: 'sp',
  no: 'nb',
  nn: 'nb',
  'zh-hant': 'zh-tw',
  'zh-hk': 'zh-tw',
  'zh-mo': 'zh-tw',
  'zh-hans': 'zh',
  'zh-cn': 'zh',
};

/**
 * One of our codes for a language tag, or undefined: exact (case-insensitive, "_" read as "-"), then a known
 * alias, then the primary subtag (pt-BR → pt, de-AT → de).
 */
export function knownLanguage(tag: string | undefined): string | undefined {
  const code = tag?.trim().toLowerCase().replace(/_/g, '-');
  if (!code) return undefined;
  const known = (c: string) => (CODES.has(c) ? c : Object.hasOwn(ALIASES, c) ? ALIASES[c] : undefined);
  // A Set and own keys only: a tag such as "constructor" must not find Object.prototype's members.
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
