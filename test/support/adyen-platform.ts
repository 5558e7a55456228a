/**
 * A local platform with one merchant whose MID is on Adyen, against Prism serving Adyen's Checkout API v71 with
 * request validation on (adyen-prism.ts): the set-up the payer-facing Adyen tests share (Checkout page, hosted
 * fields). Every test must draw no validation violation; Adyen's webhooks are signed with the MID's HMAC key.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { RunningPlatform } from '../../scripts/local/platform.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { deps } from '../../shared/entry/composition/deps.js';
import { adyenConnector } from '../../shared/adapters/connectors/adyen.js';
import { acquirerAddressRules } from '../../shared/adapters/connectors/http-transport.js';
import { itemSignature, type AdyenNotificationItem } from '../../shared/protocol/providers/adyen-webhook.js';
import { startTestPlatform, testMerchant } from './platform.js';
import { startMerchantServer, type MerchantServer } from './merchant-server.js';
import { injectConnector, restoreConnectors } from './connectors.js';
import { startAdyenPrism, type AdyenPrism } from './adyen-prism.js';

export const MERCHANT_ACCOUNT = 'TestMerchantECOM';
export const HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
/** The action url of Prism's card-3d-secure-redirect example (method GET, no data). */
export const ADYEN_3DS_PAGE = 'https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect...';
/** pspReference of Prism's /payments/details example (Authorised). */
export const DETAILS_PSP = 'V4HZ4RBFJGXXGN82';

export interface AdyenWorld {
  adyen: AdyenPrism;
  platform: RunningPlatform;
  shop: MerchantServer;
  merchant: Merchant;
}

/** Starts Prism, the platform, the merchant's callback receiver and the Adyen merchant for the file's tests. */
export function useAdyenPlatform(): AdyenWorld {
  const world = {} as AdyenWorld;
  beforeAll(async () => {
    world.adyen = await startAdyenPrism();
    world.platform = await startTestPlatform();
    world.shop = await startMerchantServer();
    world.merchant = await testMerchant({
      notificationUrl: world.shop.url,
      mids: [
        {
          connector: 'adyen',
          connectorSettings: { url: world.adyen.url, merchantAccount: MERCHANT_ACCOUNT },
          credentials: { api_key: 'test-api-key', hmac_key: HMAC_KEY },
        },
      ],
    });
    const d = deps();
    injectConnector(
      adyenConnector({
        credentials: d.secrets['merchant-secrets'],
        transport: world.adyen.transport,
        rules: acquirerAddressRules('sandbox'),
        publicBaseUrl: world.platform.url,
      }),
    );
  }, 180_000);

  afterAll(async () => {
    restoreConnectors();
    world.adyen?.stop();
    await world.shop?.close();
    await world.platform?.stop();
  });

  afterEach(() => {
    expect(world.adyen.violations).toEqual([]);
    world.adyen.prefer = () => undefined;
    world.adyen.answer = () => undefined;
  });
  return world;
}

/** An issuer page that takes a form (3DS by POST), as answerWithIssuerForm names it. */
export const ADYEN_POST_PAGE = 'https://test.adyen.com/hpp/3d/validate.shtml';
/** The fields Adyen's action hands to that page, and what the page posts back to the returnUrl. */
export const ISSUER_FORM = { MD: 'bWQ=', PaReq: 'cGFyZXE=', TermUrl: 'https://example.com/term' };
export const ISSUER_RETURN = { MD: 'bWQ=', PaRes: 'cGFyZXM=' };

/**
 * Adyen answers /payments with a redirect by POST, which v71's examples do not hold (they redirect by GET): the answer
 * is the test's own, checked against Adyen's PaymentResponse schema (adyen-prism.ts); /payments/details then settles.
 */
export function answerWithIssuerForm(adyen: AdyenPrism, pspReference: string): void {
  adyen.answer = (path) =>
    path === '/payments'
      ? {
          resultCode: 'RedirectShopper',
          pspReference,
          action: { type: 'redirect', paymentMethodType: 'scheme', method: 'POST', url: ADYEN_POST_PAGE, data: ISSUER_FORM },
        }
      : undefined;
  adyen.prefer = (path) => (path === '/payments/details' ? 'example=00.redirect' : undefined);
}

/** Adyen's webhook for one item, signed with `key` (the MID's HMAC key unless a test says otherwise). */
export function adyenWebhook(fields: Omit<AdyenNotificationItem, 'merchantAccountCode' | 'additionalData'>, key = HMAC_KEY): string {
  const item: AdyenNotificationItem = { merchantAccountCode: MERCHANT_ACCOUNT, ...fields };
  const NotificationRequestItem = {
    ...item,
    eventDate: new Date().toISOString(),
    paymentMethod: 'visa',
    additionalData: { hmacSignature: itemSignature(item, key) },
  };
  return JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem }] });
}

/** The payment as stored. */
export const storedPayment = async (transId: string) => (await deps().payments.get(transId))!;
