/**
 * Issue 9 item 11 in real Chromium: "Per-payment language … on every page the payer sees … right-to-left layout for
 * Arabic." The Checkout page is opened in en, ar, zh, de (and zh-TW, ja, ru) and screenshotted to
 * test-results/checkout-lang-<code>.png; Arabic is checked to lay out right to left, the others left to right.
 * One language comes from the browser alone (Accept-Language), as the spec's last fallback before English.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { testMerchant, usePlatform } from '../support/platform.js';
import { createSession } from '../integration/checkout/support.js';

const SHOTS = 'test-results';

const platform = usePlatform();
let merchant: Merchant;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  merchant = await testMerchant();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES: Array<[code: string, pay: RegExp, cardNumber: string, dir: 'ltr' | 'rtl']> = [
  ['en', /^Pay /, 'Card number', 'ltr'],
  ['ar', /^ادفع/, 'رقم البطاقة', 'rtl'],
  ['zh', /^支付/, '卡号', 'ltr'],
  ['de', /bezahlen$/, 'Kartennummer', 'ltr'],
  ['zh-TW', /^支付/, '卡號', 'ltr'],
  ['ja', /を支払う$/, 'カード番号', 'ltr'],
  ['ru', /^Оплатить/, 'Номер карты', 'ltr'],
];

describe("the Checkout page in the payer's language, in Chromium (issue 9 item 11)", () => {
  for (const [code, pay, cardNumber, dir] of PAGES) {
    it(`${code}: translated, ${dir}, screenshot test-results/checkout-lang-${code}.png`, async () => {
      const { url } = await createSession(platform.url, merchant, { billing_address: { country: 'DE', language: code } });
      const page = await browser.newPage({ viewport: { width: 520, height: 900 } });
      try {
        await page.goto(url);
        expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe(dir);
        expect(await page.locator('label[for="card_number"]').innerText()).toContain(cardNumber);
        expect((await page.locator('#pay-button').innerText()).trim()).toMatch(pay);
        if (dir === 'rtl') {
          // Right to left: the card-number label starts at the right edge of its field.
          const label = (await page.locator('label[for="card_number"]').boundingBox())!;
          const input = (await page.locator('#card_number').boundingBox())!;
          expect(Math.abs(label.x + label.width - (input.x + input.width))).toBeLessThan(2);
        }
        await page.screenshot({ path: `${SHOTS}/checkout-lang-${code}.png`, fullPage: true });
      } finally {
        await page.close();
      }
    });
  }

  it("without a language, the browser's Accept-Language decides (here: de)", async () => {
    const { url } = await createSession(platform.url, merchant, { billing_address: { country: 'DE' } });
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    try {
      await page.goto(url);
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      expect(await page.locator('label[for="card_number"]').innerText()).toContain('Kartennummer');
    } finally {
      await context.close();
    }
  });
});
