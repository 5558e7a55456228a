/**
 * Wallet test world: stand-ins for Google's and Apple's TEST and PRODUCTION roots (given to the platform as its
 * configured trust roots), a merchant key pair per wallet, and signed S2S CARD wallet SALE requests (Formula 8).
 */
import type { KeyObject } from 'node:crypto';
import { deps } from '../../../shared/entry/composition/deps.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { setWalletSettings } from '../../../shared/operations/wallets/configure.js';
import type { FormValue } from '../../../shared/protocol/form.js';
import { formula8 } from '../../../shared/protocol/signature.js';
import { appleEnvironment, applePayment, applePayToken, type ApplePayment } from '../../unit/wallets/fixtures/apple-token.js';
import {
  ecKeyPair,
  googleEnvironment,
  googleMessage,
  googlePayToken,
  type GoogleCard,
  type KeyPair,
} from '../../unit/wallets/fixtures/google-token.js';
import { saleFields } from '../../support/s2s.js';

export const GATEWAY_ID = 'test-gateway';
export const APPLE_MERCHANT_ID = 'merchant.com.example.shop';

export const roots = {
  google: { TEST: googleEnvironment(), PRODUCTION: googleEnvironment() },
  apple: { TEST: appleEnvironment(), PRODUCTION: appleEnvironment() },
};

/** The platform's configuration: test roots in place of Google's keys.json and Apple Root CA - G3. */
export const walletEnv: Record<string, string> = {
  GOOGLE_PAY_GATEWAY_ID: GATEWAY_ID,
  GOOGLE_PAY_ROOT_KEYS_TEST: roots.google.TEST.keysJson,
  GOOGLE_PAY_ROOT_KEYS_PRODUCTION: roots.google.PRODUCTION.keysJson,
  APPLE_PAY_ROOT_CA_TEST: roots.apple.TEST.rootPem,
  APPLE_PAY_ROOT_CA_PRODUCTION: roots.apple.PRODUCTION.rootPem,
};

export const pem = (k: KeyObject): string => k.export({ format: 'pem', type: 'pkcs8' }) as string;

export interface WalletMerchantKeys {
  google: KeyPair;
  apple: KeyPair;
}

/** Configures both wallets for a merchant, as `npm run admin -- wallets set` does. */
export async function configureWallets(merchant: Merchant, env: 'TEST' | 'PRODUCTION' = 'TEST'): Promise<WalletMerchantKeys> {
  const keys = { google: ecKeyPair(), apple: ecKeyPair() };
  await setWalletSettings(deps(), {
    clientKey: merchant.clientKey,
    wallet: 'googlepay',
    environment: env,
    privateKey: pem(keys.google.privateKey),
  });
  await setWalletSettings(deps(), {
    clientKey: merchant.clientKey,
    wallet: 'applepay',
    environment: env,
    privateKey: pem(keys.apple.privateKey),
    merchantIdentifier: APPLE_MERCHANT_ID,
  });
  return keys;
}

export const GOOGLE_DPAN = '4895370012003456';
export const GOOGLE_FPAN = '5204731600001234';
export const APPLE_DPAN = '4761340000009876';
export const CRYPTOGRAM = 'AgAAAAAAAIR8CQrXcIhbQAAAAAA=';

export function googleCard(over: Partial<GoogleCard> = {}): GoogleCard {
  return {
    pan: GOOGLE_DPAN,
    expirationMonth: 1,
    expirationYear: 2038,
    authMethod: 'CRYPTOGRAM_3DS',
    cryptogram: CRYPTOGRAM,
    eciIndicator: '05',
    ...over,
  };
}

export function googleToken(
  merchant: Merchant,
  publicKey: KeyObject,
  card: GoogleCard = googleCard(),
  env: 'TEST' | 'PRODUCTION' = 'TEST',
  message: { gatewayMerchantId?: string | null; messageId?: string } = {},
): string {
  return googlePayToken({
    env: roots.google[env],
    recipientPublicKey: publicKey,
    recipientId: `gateway:${GATEWAY_ID}`,
    message: googleMessage(card, { gatewayMerchantId: merchant.clientKey, ...message }),
    asPaymentData: true,
  });
}

export function appleToken(publicKey: KeyObject, payment: Partial<ApplePayment> = {}, env: 'TEST' | 'PRODUCTION' = 'TEST'): string {
  return applePayToken({
    env: roots.apple[env],
    merchantPublicKey: publicKey,
    merchantIdentifier: APPLE_MERCHANT_ID,
    payment: applePayment({ applicationPrimaryAccountNumber: APPLE_DPAN, ...payment }),
    asPaymentToken: true,
  });
}

/** A wallet SALE as the merchant's backend sends it: no card fields, hash Formula 8. */
export function walletSaleFields(
  merchant: Merchant,
  wallet: string,
  token: string,
  overrides: Record<string, FormValue | undefined> = {},
): Record<string, FormValue | undefined> {
  const fields = saleFields(merchant, {
    card_number: undefined,
    card_exp_month: undefined,
    card_exp_year: undefined,
    card_cvv2: undefined,
    digital_wallet: wallet,
    payment_token: token,
    hash: undefined,
    ...overrides,
  });
  if (!('hash' in overrides)) fields.hash = formula8({ email: fields.payer_email as string, password: merchant.password });
  return fields;
}
