/**
 * Each acquirer's test and live platforms, by host. An approval from a test platform moves no money: a live stage that
 * called one would settle real orders on made-up outcomes, and a sandbox stage that called a live one would move real
 * money in tests. So a live stage calls only an acquirer's live hosts, and a sandbox stage never calls them (its
 * acquirers are their test platforms, or a stand-in on this machine). The upstream gateway is told apart by its probe
 * instead (docs/connectors.md "Test and live").
 */
import type { StageKind } from '../../lib/config.js';

interface Hosts {
  live: RegExp;
  test: RegExp;
  /** For the message: what a live URL looks like. */
  example: string;
}

const HOSTS: Record<string, Hosts> = {
  // Live: https://{PREFIX}-checkout-live.adyenpayments.com/checkout/v71; test: https://checkout-test.adyen.com/v71.
  adyen: {
    live: /^[a-z0-9-]+-checkout-live\.adyenpayments\.com$/,
    test: /^checkout-test\.adyen\.com$/,
    example: 'https://PREFIX-checkout-live.adyenpayments.com/checkout/v71',
  },
  // Live: https://api.checkout.com or https://{prefix}.api.checkout.com; test: the same under api.sandbox.checkout.com.
  'checkout-com': {
    live: /^(?:[a-z0-9-]+\.)?api\.checkout\.com$/,
    test: /^(?:[a-z0-9-]+\.)?api\.sandbox\.checkout\.com$/,
    example: 'https://PREFIX.api.checkout.com',
  },
};

/** Why a stage of `kind` may not call `connector` at `url`, or undefined (also for connectors without known hosts). */
export function stageRefusal(connector: string, url: string | undefined, kind: StageKind): string | undefined {
  const hosts = HOSTS[connector];
  if (!hosts || !url) return undefined;
  let host: string;
  try {
    host = new URL(url.trim()).hostname.toLowerCase();
  } catch {
    return undefined; // the URL's own check names what is wrong with it
  }
  if (kind === 'live' && !hosts.live.test(host)) {
    return hosts.test.test(host)
      ? `${host} is the acquirer's test platform, whose approvals move no money; a live stage uses its live URL (${hosts.example})`
      : `${host} is not one of the acquirer's live hosts (${hosts.example})`;
  }
  if (kind === 'sandbox' && hosts.live.test(host)) return `${host} is the acquirer's live platform; a sandbox stage uses its test platform`;
  return undefined;
}
