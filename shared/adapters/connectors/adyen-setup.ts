/**
 * An Adyen MID's setup (docs/connectors.md "Adyen"): settings { url: the Checkout API's base URL with its version
 * (https://checkout-test.adyen.com/v71, or the live prefix URL Adyen gives the account), merchantAccount } and the
 * credentials sealed with the merchant-secrets key { api_key, hmac_key } (the webhook's HMAC key, hex).
 */
import { refusedAcquirerUrl, type AcquirerAddressRules } from './http-transport.js';
import { stageRefusal } from './acquirer-hosts.js';

/** What an Adyen MID's sealed credentials hold (JSON). */
export interface AdyenCredentials {
  api_key: string;
  hmac_key: string;
}

/** The base URL in one spelling: no trailing slash (the connector adds /payments ...). */
export function adyenBaseUrl(text: string): string {
  return text.trim().replace(/\/+$/, '');
}

/** Problems with a new Adyen MID's settings and credentials. */
export function checkAdyenSetup(
  setup: { settings: Record<string, string>; credentials?: Record<string, string> },
  rules: AcquirerAddressRules,
): string[] {
  const { settings, credentials } = setup;
  const problems: string[] = [];
  if (!settings.url) problems.push("adyen-url: the URL of Adyen's Checkout API is required (e.g. https://checkout-test.adyen.com/v71).");
  else {
    const refused = refusedAcquirerUrl(`${adyenBaseUrl(settings.url)}/payments`, rules);
    if (refused) problems.push(`adyen-url: not allowed: ${refused}.`);
    const otherPlatform = stageRefusal('adyen', settings.url, rules.stage);
    if (!refused && otherPlatform) problems.push(`adyen-url: not allowed: ${otherPlatform}.`);
  }
  if (!settings.merchantAccount) problems.push('adyen-merchant-account: the merchant account at Adyen is required.');
  if (!credentials?.api_key) problems.push('adyen-api-key: the API key of the Adyen web service user is required.');
  if (!credentials?.hmac_key) problems.push('adyen-hmac-key: the HMAC key of the Adyen webhook is required.');
  else if (!/^(?:[0-9a-f]{2})+$/i.test(credentials.hmac_key))
    problems.push('adyen-hmac-key: the HMAC key is the hexadecimal text Adyen shows.');
  return problems;
}
