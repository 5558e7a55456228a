/**
 * The Wallets tab's profile fields beyond the key (spec: "merchant identifier, country and shop name, certificate and
 * private key, merchant capabilities and supported networks"; Google Pay: "allowed auth method, supported networks").
 * They describe the merchant's wallet setup; S2S payments use only the environment and the processing key.
 */
export const APPLE_CAPABILITIES = ['supports3DS', 'supportsEMV', 'supportsCredit', 'supportsDebit'] as const;
export const APPLE_NETWORKS = ['visa', 'masterCard', 'amex', 'discover', 'jcb', 'maestro', 'chinaUnionPay', 'interac', 'mir'] as const;
/** Google Pay's allowedAuthMethods and its five card networks (spec: "allowed networks are five card networks"). */
export const GOOGLE_AUTH_METHODS = ['PAN_ONLY', 'CRYPTOGRAM_3DS'] as const;
export const GOOGLE_NETWORKS = ['AMEX', 'DISCOVER', 'JCB', 'MASTERCARD', 'VISA'] as const;

export interface WalletProfile {
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string;
  shopName?: string;
  merchantCapabilities?: string[];
  supportedNetworks?: string[];
  allowedAuthMethods?: string[];
}
