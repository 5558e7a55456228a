/**
 * Clickjacking: every page the platform serves says who may frame it. Payer pages (Checkout page, 3DS page, APM
 * method page) and the hosted-fields demo: nobody by default ('none' + X-Frame-Options DENY); the payer pages follow
 * the merchant's checkoutFrameAncestors for embedded checkouts. The card iframes follow the hosted-fields origins,
 * or the one declared origin — never `*`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { merchantSettings } from '../../../shared/operations/admin/merchants.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import { encodeForm } from '../../../shared/protocol/form.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { apmSale, REDIRECT_ID } from '../s2s-apm/support.js';
import { createSession } from '../checkout/support.js';
import { createToken } from '../hosted-fields/support.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

type Page = { status: number; csp: string; xfo: string | null };
const read = async (res: Response): Promise<Page> => {
  await res.text();
  return { status: res.status, csp: res.headers.get('content-security-policy') ?? '', xfo: res.headers.get('x-frame-options') };
};
const get = async (url: string) => read(await fetch(url, { redirect: 'manual' }));
const ancestors = (csp: string) => /frame-ancestors ([^;]+)/.exec(csp)?.[1]?.trim();

/** The payer pages of one merchant: Checkout page, S2S 3DS page, APM method page. */
async function payerPages(m: Merchant): Promise<Record<string, Page>> {
  const { url } = await createSession(platform.url, m);
  const threeDs = await postForm(`${platform.url}/post`, saleFields(m, { card_exp_month: '05' }));
  const params = threeDs.body.redirect_params as Record<string, string>;
  const threeDsPage = await read(
    await fetch(threeDs.body.redirect_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encodeForm(params),
    }),
  );
  const apm = await postForm(`${platform.url}/post-va`, apmSale(m, { identifier: REDIRECT_ID }));
  return { checkout: await get(url), threeDs: threeDsPage, method: await get(apm.body.redirect_url) };
}

describe('framing policy', () => {
  it("forbids framing of the payer pages by default: frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    const pages = await payerPages(merchant);
    for (const [name, page] of Object.entries(pages)) {
      expect(page.status, name).toBe(200);
      expect(ancestors(page.csp), name).toBe("'none'");
      expect(page.xfo, name).toBe('DENY');
    }
  });

  it('lets the origins a merchant configured frame its payer pages (embedded checkout), and no others', async () => {
    const m = await testMerchant();
    const current = (await deps().merchants.get(m.clientKey))!.merchant;
    await deps().merchants.update(
      m.clientKey,
      merchantSettings(current, { checkoutFrameAncestors: ['https://shop.example', 'https://www.shop.example'] }),
    );
    const pages = await payerPages(m);
    for (const [name, page] of Object.entries(pages)) {
      expect(ancestors(page.csp), name).toBe('https://shop.example https://www.shop.example');
      expect(page.xfo, name).toBeNull();
    }
    // Another merchant's pages stay unframeable.
    expect(ancestors((await payerPages(merchant)).checkout!.csp)).toBe("'none'");
    expect(() => merchantSettings(current, { checkoutFrameAncestors: ['*'] })).toThrow(ValidationError);
    expect(() => merchantSettings(current, { checkoutFrameAncestors: ['https://shop.example/pay'] })).toThrow(ValidationError);
  });

  it("keeps the hosted-fields demo page and the Token's 403 page out of frames", async () => {
    const { token } = await createToken(platform.url, merchant);
    const demo = await get(`${platform.url}/hosted-fields/demo?token=${token}`);
    expect(demo.status).toBe(200);
    expect(ancestors(demo.csp)).toBe("'none'");
    expect(demo.xfo).toBe('DENY');
    const forbidden = await read(await fetch(`${platform.url}/api/v1/session/update`, { method: 'PUT', body: '{}' }));
    expect(forbidden.status).toBe(403);
    expect(ancestors(forbidden.csp)).toBe("'none'");
  });

  it("lets the card iframes be framed by the declared origin, or by the merchant's hosted-fields origins — never *", async () => {
    const m = await testMerchant();
    const frame = async (origin: string) => {
      const { token } = await createToken(platform.url, m);
      return get(
        `${platform.url}/hosted-fields/frame/card?token=${encodeURIComponent(token)}&origin=${encodeURIComponent(origin)}&channel=abcdefgh12`,
      );
    };
    const open = await frame('https://anyshop.example');
    expect(open.status).toBe(200);
    expect(ancestors(open.csp)).toBe('https://anyshop.example');
    expect(open.xfo).toBeNull();

    const current = (await deps().merchants.get(m.clientKey))!.merchant;
    await deps().merchants.update(
      m.clientKey,
      merchantSettings(current, { hostedFieldsOrigins: ['https://shop.example', 'https://www.shop.example'] }),
    );
    expect(ancestors((await frame('https://www.shop.example')).csp)).toBe('https://shop.example https://www.shop.example');
    const refused = await frame('https://evil.example');
    expect(refused.status).toBe(403);
    expect(ancestors(refused.csp)).toBe("'none'");
  });
});
