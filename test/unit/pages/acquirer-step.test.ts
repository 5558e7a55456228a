/** The Checkout page's hand-over to an acquirer's own 3DS page (Adyen's action): GET as a 303, POST as a form. */
import { describe, expect, it } from 'vitest';
import { renderAcquirerStep } from '../../../shared/pages/checkout/acquirer-step.js';
import { pageLanguage } from '../../../shared/pages/i18n.js';

const lang = pageLanguage('en');

describe('renderAcquirerStep', () => {
  it('a GET action is a 303 to its url, its data added to the query', () => {
    expect(renderAcquirerStep({ url: 'https://acs.example/3ds?a=1', method: 'GET', params: {} }, lang)).toEqual({
      statusCode: 303,
      body: '',
      headers: { location: 'https://acs.example/3ds?a=1' },
    });
    expect(renderAcquirerStep({ url: 'https://acs.example/3ds', method: 'GET', params: { MD: 'x y' } }, lang).headers.location).toBe(
      'https://acs.example/3ds?MD=x+y',
    );
  });

  it("a POST action is a form that posts its data (escaped) to the acquirer's origin only, submitted by a nonce'd script", () => {
    const page = renderAcquirerStep(
      { url: 'https://acs.example/3ds/post', method: 'POST', params: { PaReq: '"><script>x</script>', MD: 'md' } },
      lang,
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form id="acquirer-step" method="post" action="https://acs.example/3ds/post">');
    expect(page.body).toContain('<input type="hidden" name="PaReq" value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;">');
    expect(page.body).not.toContain('<script>x');
    const csp = page.headers['content-security-policy']!;
    expect(csp).toContain('form-action https://acs.example;');
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
    expect(page.body).toContain(`<script nonce="${nonce}">`);
  });
});
