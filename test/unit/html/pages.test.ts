/**
 * Every page shows a hostile value only as text, while its own scripts, styles and JSON stay intact: the template's
 * promise, held page by page.
 */
import { describe, expect, it } from 'vitest';
import { renderAcquirerStep } from '../../../shared/pages/checkout/acquirer-step.js';
import { pageLanguage } from '../../../shared/pages/i18n.js';
import { renderPaymentForm, renderReturn, renderThreeDs } from '../../../shared/pages/checkout/render.js';
import { demoPage } from '../../../shared/pages/hosted-fields/pages.js';
import { framePage, frameRefusedPage } from '../../../shared/pages/hosted-fields/frame-page.js';
import { methodPage } from '../../../shared/pages/s2s-apm/method-page.js';
import { providerPage } from '../../../shared/pages/s2s-apm/provider-page.js';
import { authenticationPage, messagePage, returnPage } from '../../../shared/pages/s2s-card/threeds-page.js';

const EVIL = `"'><script>alert(1)</script>&`;
const ESCAPED = '&quot;&#39;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;';
const lang = pageLanguage('en');
const order = { merchantName: EVIL, orderNumber: EVIL, description: EVIL, amount: EVIL };

const pages: Record<string, string> = {
  authentication: authenticationPage({
    kind: '3DS',
    action: EVIL,
    fields: { [EVIL]: EVIL },
    amount: EVIL,
    card: EVIL,
    descriptor: EVIL,
    lang,
  }).body,
  return: returnPage({ termUrl: EVIL, target: EVIL, fields: { a: EVIL }, lang }).body,
  message: messagePage(EVIL, EVIL).body,
  method: methodPage({ action: EVIL, token: EVIL, brand: EVIL, amount: EVIL, descriptor: EVIL, lang }).body,
  provider: providerPage({
    action: EVIL,
    token: EVIL,
    brand: EVIL,
    flow: 'qr',
    amount: '1.00 EUR',
    descriptor: EVIL,
    reference: EVIL,
    deadline: EVIL,
    collect: [{ name: EVIL, value: EVIL, error: EVIL }],
    waitOnly: false,
  }).body,
  frame: framePage({ field: 'card', token: EVIL, parentOrigin: EVIL, frameAncestors: [], channel: EVIL, cardDataUrl: EVIL, lang }).body,
  frameRefused: frameRefusedPage(EVIL).body,
  demo: demoPage({ base: 'https://platform.example', token: EVIL, operation: 'purchase' }).body,
  paymentForm: renderPaymentForm({
    lang,
    order,
    actionUrl: EVIL,
    cancelUrl: EVIL,
    termsCheckbox: true,
    askCvv: true,
    payout: false,
    savedOnly: false,
    payeeCard: true,
    savedCards: [{ value: EVIL, label: EVIL, detail: EVIL }],
    methods: [
      { value: 'card', label: EVIL },
      { value: EVIL, label: EVIL, ask: [EVIL] },
    ],
    identifier: EVIL,
    parameters: { [EVIL]: EVIL },
    holder: EVIL,
    method: EVIL,
    errors: { form: EVIL, card_number: EVIL, identifier: EVIL, parameters: { [EVIL]: EVIL } },
  }).body,
  threeDs: renderThreeDs({ lang, order, actionUrl: EVIL, method: EVIL }).body,
  returnStep: renderReturn({ lang, order, outcome: 'declined', reason: EVIL, url: EVIL, target: EVIL }).body,
  acquirerStep: renderAcquirerStep({ url: 'https://acquirer.example/3ds', method: 'POST', params: { [EVIL]: EVIL } }, lang).body,
};

describe('pages', () => {
  it.each(Object.entries(pages))('%s shows the value only as text', (_, body) => {
    expect(body).not.toContain('<script>alert');
    expect(body.includes(ESCAPED) || body.includes('\\u003cscript>alert(1)\\u003c/script>')).toBe(true);
  });

  it('keeps their own scripts, styles and JSON as written', () => {
    expect(pages.return).toContain("if (form.target === '_top' && framed) return;");
    expect(pages.paymentForm).toMatch(/<style nonce="[^"]+">[^<]*\{/);
    expect(pages.provider).toMatch(/<div id="qr"><svg [^>]*><rect [^>]*\/><path d="M/);
    const cfg = /<script nonce="[^"]+" type="application\/json" id="cfg">(.*?)<\/script>/.exec(pages.frame!)![1]!;
    expect(JSON.parse(cfg)).toMatchObject({ token: EVIL, parentOrigin: EVIL });
    expect(pages.demo).toContain("document.getElementById('pay').addEventListener('click'");
  });
});
