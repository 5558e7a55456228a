/**
 * A Checkout.com MID's setup (docs/connectors.md "Checkout.com"): settings { url: the API's base URL
 * (https://api.sandbox.checkout.com, https://api.checkout.com or the account's own prefix URL), processingChannelId
 * (optional: the account's processing channel, `pc_…`) } and the credentials sealed with the merchant-secrets key
 * { secret_key, webhook_secret } (the webhook's signature key).
 */
import { refusedAcquirerUrl, type AcquirerAddressRules } from './http-transport.js';
import { stageRefusal } from './acquirer-hosts.js';

/** What a Checkout.com MID's sealed credentials hold (JSON). */
export interface CheckoutComCredentials {
  secret_key: string;
  webhook_secret: string;
}

/** The base URL in one spelling: no trailing slash (the connector adds /payments ...). */
export function checkoutComBaseUrl(text: string): string {
  return text.trim().replace(/\/+$/, '');
}

/** Problems with a new Checkout.com MID's settings and credentials. */
export function checkCheckoutComSetup(
  setup: { settings: Record<string, string>; credentials?: Record<string, string> },
  rules: AcquirerAddressRules,
): string[] {
  const { settings, credentials } = setup;
  const problems: string[] = [];
  if (!settings.url) problems.push("checkout-com-url: the URL of Checkout.com's API is required (e.g. https://api.sandbox.checkout.com).");
  else {
    const refused = refusedAcquirerUrl(`${checkoutComBaseUrl(settings.url)}/payments`, rules);
    if (refused) problems.push(`checkout-com-url: not allowed: ${refused}.`);
    const otherPlatform = stageRefusal('checkout-com', settings.url, rules.stage);
    if (!refused && otherPlatform) problems.push(`checkout-com-url: not allowed: ${otherPlatform}.`);
  }
  if (settings.processingChannelId !== undefined && !/^pc_\w{26}$/.test(settings.processingChannelId)) {
    problems.push('checkout-com-processing-channel: a processing channel id is pc_ and 26 letters or digits, as the Dashboard shows it.');
  }
  if (!credentials?.secret_key) problems.push('checkout-com-secret-key: the secret API key is required.');
  if (!credentials?.webhook_secret) problems.push("checkout-com-webhook-secret: the webhook's signature key is required.");
  return problems;
}
