/**
 * Issue 9 item 11, spec 6.7.0: "Per-payment language: payer_language on S2S, billing_address.language on Checkout.
 * Values: en, sp, ar, az, fr, nb, zh, zh-TW, kk, de, it, hr, cs, hu, pl, pt, ro, ja, nl, bg, ru; case-insensitive,
 * not validated, unknown codes fall back to English. Without it, the protocol mapping default applies, then the
 * browser language." — on every page the payer sees: the Checkout page, the 3DS pages, the APM method page and
 * the hosted-fields iframes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { merchantSettings } from '../../../shared/operations/admin/merchants.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import { encodeForm } from '../../../shared/protocol/form.js';
import { postForm, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { createSession, sessionBody } from './support.js';
import { apmSale, REDIRECT_ID } from '../s2s-apm/support.js';
import { createToken, pay, paymentBody, submitCard } from '../hosted-fields/support.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

/** "Card number" in each of the spec's languages, as the page's translation files say it. */
const CARD_NUMBER: Record<string, [htmlLang: string, text: string]> = {
  en: ['en', 'Card number'],
  sp: ['es', 'Número de tarjeta'],
  ar: ['ar', 'رقم البطاقة'],
  az: ['az', 'Kart nömrəsi'],
  fr: ['fr', 'Numéro de carte'],
  nb: ['nb', 'Kortnummer'],
  zh: ['zh', '卡号'],
  'zh-TW': ['zh-TW', '卡號'],
  kk: ['kk', 'Карта нөмірі'],
  de: ['de', 'Kartennummer'],
  it: ['it', 'Numero della carta'],
  hr: ['hr', 'Broj kartice'],
  cs: ['cs', 'Číslo karty'],
  hu: ['hu', 'Kártyaszám'],
  pl: ['pl', 'Numer karty'],
  pt: ['pt', 'Número do cartão'],
  ro: ['ro', 'Numărul cardului'],
  ja: ['ja', 'カード番号'],
  nl: ['nl', 'Kaartnummer'],
  bg: ['bg', 'Номер на картата'],
  ru: ['ru', 'Номер карты'],
};

async function page(url: string, acceptLanguage?: string): Promise<string> {
  const res = await fetch(url, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
  return res.text();
}
const checkoutPage = async (language: unknown, opts: { m?: Merchant; acceptLanguage?: string } = {}) =>
  page(
    (
      await createSession(platform.url, opts.m ?? merchant, {
        billing_address: language === undefined ? { country: 'DE' } : { country: 'DE', language },
      })
    ).url,
    opts.acceptLanguage,
  );

async function setDefaultLanguage(m: Merchant, code: string) {
  const current = (await deps().merchants.get(m.clientKey))!.merchant;
  await deps().merchants.update(m.clientKey, merchantSettings(current, { defaultLanguage: code }));
}

describe('per-payment language (issue 9 item 11)', () => {
  it('the Checkout page speaks all 21 codes of the spec, case-insensitively', async () => {
    for (const [code, [htmlLang, text]] of Object.entries(CARD_NUMBER)) {
      for (const sent of [code, code.toUpperCase()]) {
        const html = await checkoutPage(sent);
        expect(html, sent).toMatch(new RegExp(`<html lang="${htmlLang}" dir="${code === 'ar' ? 'rtl' : 'ltr'}">`));
        expect(html, sent).toContain(text);
      }
    }
  });

  it('"not validated, unknown codes fall back to English": odd values never refuse the session', async () => {
    for (const odd of ['xx', 'klingon', 'x'.repeat(200), 42, { code: 'de' }]) {
      const res = await postJson(
        `${platform.url}/api/v1/session`,
        sessionBody(merchant, { billing_address: { country: 'DE', language: odd } }),
      );
      expect(res.status, JSON.stringify(odd)).toBe(200);
      expect(await page(res.body.redirect_url, 'de')).toMatch(/<html lang="en"[\s\S]*Card number/);
    }
    // A regional tag reads as its language.
    expect(await checkoutPage('pt-BR')).toContain('Número do cartão');
  });

  it('fallback chain: request language, then the merchant default ("protocol mapping default"), then Accept-Language, then English', async () => {
    const m = await testMerchant();
    // No language anywhere: English; the browser's Accept-Language (best q first) applies next.
    expect(await checkoutPage(undefined, { m })).toMatch(/<html lang="en"/);
    expect(await checkoutPage(undefined, { m, acceptLanguage: 'da, fr-CH;q=0.8, pl;q=0.9, *;q=0.1' })).toMatch(
      /<html lang="pl"[\s\S]*Numer karty/,
    );
    expect(await checkoutPage(undefined, { m, acceptLanguage: 'zh-Hant-TW' })).toContain('卡號');
    // The merchant's default beats the browser.
    await setDefaultLanguage(m, 'IT');
    expect(await checkoutPage(undefined, { m, acceptLanguage: 'fr' })).toMatch(/<html lang="it"[\s\S]*Numero della carta/);
    // The payment's own language beats both; an unknown one is English (the spec), not the merchant default.
    expect(await checkoutPage('hu', { m, acceptLanguage: 'fr' })).toContain('Kártyaszám');
    expect(await checkoutPage('xx', { m, acceptLanguage: 'fr' })).toMatch(/<html lang="en"[\s\S]*Card number/);
    // "none" removes the default again.
    await setDefaultLanguage(m, 'none');
    expect(await checkoutPage(undefined, { m, acceptLanguage: 'fr' })).toContain('Numéro de carte');
  });

  it("the default language setting takes only the spec's codes (admin CLI merchants update --default-language)", () => {
    expect(() => merchantSettings(merchant, { defaultLanguage: 'xx' })).toThrow(ValidationError);
    expect(merchantSettings(merchant, { defaultLanguage: 'zh-TW' })).toEqual({ defaultLanguage: 'zh-tw' });
  });

  it('Arabic pages are laid out right to left', async () => {
    expect(await checkoutPage('AR')).toMatch(/<html lang="ar" dir="rtl">/);
  });

  it('the S2S CARD 3DS page speaks payer_language, else the browser language', async () => {
    const res = await postForm(`${platform.url}/post`, saleFields(merchant, { card_exp_month: '05', payer_language: 'JA' }));
    expect(res.body.result).toBe('REDIRECT');
    const params: Record<string, string> = res.body.redirect_params;
    const html = await (
      await fetch(res.body.redirect_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: encodeForm(params),
      })
    ).text();
    expect(html).toMatch(/<html lang="ja" dir="ltr">[\s\S]*3-D Secure 認証[\s\S]*認証する/);
    // Without payer_language: the browser's language.
    const other = await postForm(`${platform.url}/post`, saleFields(merchant, { card_exp_month: '05' }));
    const de = await (
      await fetch(other.body.redirect_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'de-DE,de;q=0.9' },
        body: encodeForm(other.body.redirect_params),
      })
    ).text();
    expect(de).toMatch(/<html lang="de"[\s\S]*3-D-Secure-Authentifizierung/);
  });

  it('the S2S APM method page speaks payer_language', async () => {
    const res = await postForm(`${platform.url}/post-va`, apmSale(merchant, { identifier: REDIRECT_ID, payer_language: 'pl' }));
    expect(res.body.result).toBe('REDIRECT');
    const html = await page(res.body.redirect_url);
    expect(html).toMatch(/<html lang="pl" dir="ltr">[\s\S]*Potwierdź płatność[\s\S]*>Zapłać<[\s\S]*>Anuluj</);
    expect(await page(`${platform.url}/post-va/redirect/00000000-0000-4000-8000-000000000000?token=x`, 'nl')).toContain(
      'Deze betaalpagina bestaat niet of is verlopen.',
    );
  });

  it("the hosted-fields iframes speak the session's billing_address.language; the 3DS page the payment's selected_language", async () => {
    const { token } = await createToken(platform.url, merchant, { billing_address: { country: 'TW', language: 'zh-tw' } });
    const frame = await page(
      `${platform.url}/hosted-fields/frame/card?token=${token}&origin=${encodeURIComponent('https://shop.example')}&channel=abcdefgh12`,
    );
    expect(frame).toMatch(/<html lang="zh-TW" dir="ltr">[\s\S]*aria-label="卡號"/);
    const cvvFrame = await page(
      `${platform.url}/hosted-fields/frame/cvv?token=${token}&origin=${encodeURIComponent('https://shop.example')}&channel=abcdefgh12`,
    );
    expect(cvvFrame).toContain('aria-label="安全碼"');

    const s = await createToken(platform.url, merchant);
    expect((await submitCard(platform.url, s.token, '05/38')).body.result).toBe('success');
    // selected_language is not validated either: an odd value would be English, never a refusal.
    const res = await pay(platform.url, s.token, paymentBody({ selected_language: 'cs' }));
    expect(res.body.result).toBe('redirect');
    expect(await page(res.body.redirect_url)).toMatch(/<html lang="cs"[\s\S]*Ověření 3-D Secure[\s\S]*Ověřit/);
  });

  it('the hosted-fields payment request never refuses a language value', async () => {
    const s = await createToken(platform.url, merchant);
    expect((await submitCard(platform.url, s.token)).body.result).toBe('success');
    const res = await pay(
      platform.url,
      s.token,
      paymentBody({ selected_language: 'not a language at all, far too long', billing_address: { language: 7 } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('success');
  });
});
