/**
 * Issue 9 item 14: "Real clients of this protocol send JSON null for optional objects ("customer": null,
 * "billing_address": null): treat null as absent instead of refusing the session." Checked on the Checkout
 * session, the hosted-fields session token and the hosted-fields payment request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { sessionBody } from './support.js';
import { createToken, pay, paymentBody, submitCard, tokenBody } from '../hosted-fields/support.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

const NULLS = {
  customer: null,
  billing_address: null,
  custom_data: null,
  parameters: null,
  methods: null,
  cancel_url: null,
  session_expiry: null,
};

describe('JSON null is absent (issue 9 item 14)', () => {
  it('Checkout session with "customer": null, "billing_address": null and other optional nulls gets a redirect_url', async () => {
    const res = await postJson(`${platform.url}/api/v1/session`, sessionBody(merchant, NULLS));
    expect(res.status).toBe(200);
    expect(res.body.redirect_url).toMatch(/\/auth\//);
  });

  it('null inside customer / billing_address is absent too; a required field sent as null is still blank', async () => {
    const ok = await postJson(
      `${platform.url}/api/v1/session`,
      sessionBody(merchant, {
        customer: { name: 'John Doe', email: null, birth_date: null },
        billing_address: { country: 'US', state: null, language: null },
      }),
    );
    expect(ok.status).toBe(200);
    const missing = await postJson(`${platform.url}/api/v1/session`, { ...sessionBody(merchant), success_url: null });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { error_message: string }) => e.error_message)).toContain(
      'success_url: This value should not be blank.',
    );
  });

  it("null inside custom_data is the merchant's data and is kept as it was", async () => {
    const res = await postJson(`${platform.url}/api/v1/session`, sessionBody(merchant, { custom_data: { note: null } }));
    expect(res.status).toBe(200);
  });

  it('hosted-fields session token with "customer": null, "billing_address": null gets a token', async () => {
    const res = await postJson(`${platform.url}/api/v1/session/token`, tokenBody(merchant, NULLS));
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
  });

  it('hosted-fields payment with "billing_address": null, "browser_info": null, "email": null pays', async () => {
    const { token } = await createToken(platform.url, merchant, { customer: null, billing_address: null });
    expect((await submitCard(platform.url, token)).body.result).toBe('success');
    const res = await pay(
      platform.url,
      token,
      paymentBody({ billing_address: null, browser_info: null, email: null, birth_date: null, selected_language: null }),
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('success');
  });
});
