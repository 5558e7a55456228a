/** The page-language resolver (pages/i18n.ts): the spec's codes, aliases, Accept-Language, the fallback order. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SPEC_LANGUAGES, acceptedLanguage, knownLanguage, pageLanguage, sentLanguage } from '../../../shared/pages/i18n.js';
import type { PageText } from '../../../shared/pages/i18n.js';
import en from '../../../shared/pages/i18n/en.json' with { type: 'json' };
import ar from '../../../shared/pages/i18n/ar.json' with { type: 'json' };
import zhTw from '../../../shared/pages/i18n/zh-tw.json' with { type: 'json' };

// The dictionaries are JSON (read at run time, page-text.ts): the type checker holds a few of them to PageText here,
// and the first test holds every language to English's keys and placeholders.
const typed: PageText[] = [en, ar, zhTw];

const CODES = SPEC_LANGUAGES.map((c) => c.toLowerCase());

describe('page language', () => {
  it('knows every code of the spec, case-insensitively, with a full translation each', () => {
    expect(typed).toHaveLength(3);
    for (const code of SPEC_LANGUAGES) {
      for (const sent of [code, code.toUpperCase(), ` ${code} `, code.replace('-', '_')])
        expect(knownLanguage(sent)).toBe(code.toLowerCase());
      const t = pageLanguage(code).t;
      expect(Object.keys(t).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(t)) {
        expect(text.trim(), `${code}.${key}`).not.toBe('');
        // Same placeholders as English, so fill() never leaves a {name} behind or drops a value.
        expect(text.match(/\{\w+\}/g)?.sort() ?? [], `${code}.${key}`).toEqual((en[key as keyof typeof en].match(/\{\w+\}/g) ?? []).sort());
      }
    }
  });

  it("reads BCP 47 spellings and regional tags as the spec's codes", () => {
    expect(knownLanguage('es')).toBe('sp');
    expect(knownLanguage('es-MX')).toBe('sp');
    expect(knownLanguage('no')).toBe('nb');
    expect(knownLanguage('zh-Hant-TW')).toBe('zh-tw');
    expect(knownLanguage('zh-CN')).toBe('zh');
    expect(knownLanguage('pt-BR')).toBe('pt');
    expect(knownLanguage('xx')).toBeUndefined();
  });

  it('orders Accept-Language by q, skipping what it does not know', () => {
    expect(acceptedLanguage('da, en-GB;q=0.8, de;q=0.9')).toBe('de');
    expect(acceptedLanguage('xx, yy;q=0.5')).toBeUndefined();
    expect(acceptedLanguage('fr;q=0, it')).toBe('it');
    expect(acceptedLanguage(undefined)).toBeUndefined();
  });

  it('falls back: request (unknown → en), merchant default, Accept-Language, English', () => {
    expect(pageLanguage('ru', { merchantDefault: 'de', acceptLanguage: 'fr' }).code).toBe('ru');
    expect(pageLanguage('xx', { merchantDefault: 'de', acceptLanguage: 'fr' }).code).toBe('en');
    expect(pageLanguage(undefined, { merchantDefault: 'de', acceptLanguage: 'fr' }).code).toBe('de');
    expect(pageLanguage('', { acceptLanguage: 'fr' }).code).toBe('fr');
    expect(pageLanguage(undefined).code).toBe('en');
    expect(pageLanguage('ar')).toMatchObject({ dir: 'rtl', htmlLang: 'ar' });
    expect(pageLanguage('sp').htmlLang).toBe('es');
  });

  it('never throws and always lands on a language it has (any input)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string()),
        fc.option(fc.string()),
        fc.option(fc.string({ maxLength: 2000 })),
        (requested, merchantDefault, acceptLanguage) => {
          const lang = pageLanguage(requested ?? undefined, {
            merchantDefault: merchantDefault ?? undefined,
            acceptLanguage: acceptLanguage ?? undefined,
          });
          expect(CODES).toContain(lang.code);
        },
      ),
    );
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect([undefined, ...CODES]).toContain(sentLanguage(v));
      }),
    );
  });
});
