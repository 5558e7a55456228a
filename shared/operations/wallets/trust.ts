/**
 * The trusted roots per wallet and environment, from configuration (production: Google's keys.json and Apple Root CA
 * - G3; tests: their own test roots). Parsed once per container.
 */
import type { X509Certificate } from 'node:crypto';
import type { Config } from '../../lib/config.js';
import { parseCertificates } from '../../lib/wallets/certificates.js';
import type { GoogleRootKey } from '../../lib/wallets/google-pay.js';
import type { WalletEnvironment } from '../../lib/wallets/types.js';

const parsed = new Map<string, unknown>();

function once<T>(text: string | undefined, parse: (t: string) => T): T | undefined {
  if (!text) return undefined;
  if (!parsed.has(text)) parsed.set(text, parse(text));
  return parsed.get(text) as T;
}

/** `parse`: google-pay.ts's parseGoogleRootKeys, from the module loaded on the first Google Pay token (google-pay-lazy.ts). */
export function googleRoots(config: Config, env: WalletEnvironment, parse: (text: string) => GoogleRootKey[]): GoogleRootKey[] | undefined {
  return once(env === 'PRODUCTION' ? config.GOOGLE_PAY_ROOT_KEYS_PRODUCTION : config.GOOGLE_PAY_ROOT_KEYS_TEST, parse);
}

export function appleRoots(config: Config, env: WalletEnvironment): X509Certificate[] | undefined {
  return once(env === 'PRODUCTION' ? config.APPLE_PAY_ROOT_CA_PRODUCTION : config.APPLE_PAY_ROOT_CA_TEST, parseCertificates);
}

export const otherEnvironment = (env: WalletEnvironment): WalletEnvironment => (env === 'PRODUCTION' ? 'TEST' : 'PRODUCTION');
