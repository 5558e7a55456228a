/**
 * Per-merchant wallet settings (the spec's Merchants → Wallets; for S2S only the environment and the private key
 * apply, plus Apple Pay's merchant identifier). The private key arrives here already sealed by the SecretBox.
 */
import type { WalletEnvironment, WalletName } from '../lib/wallets/types.js';
import type { WalletProfile } from '../lib/wallets/profile.js';
import type { Alongside } from './transaction-items.js';

export interface WalletConfig extends WalletProfile {
  clientKey: string;
  wallet: WalletName;
  /** Must match the environment the token was created in. */
  environment: WalletEnvironment;
  /** Apple Pay merchant identifier (its SHA-256 enters the key derivation). */
  merchantIdentifier?: string;
  /** The P-256 private key (PEM), sealed with context walletKeyContext(clientKey, wallet). */
  privateKeySealed: string;
  /** Apple Pay merchant identity certificate (PEM; public) and its private key, sealed (walletIdentityKeyContext). */
  certificatePem?: string;
  identityKeySealed?: string;
  /** base64 SHA-256 of the public key (SPKI DER): Apple's publicKeyHash; safe to show. */
  publicKeyHash: string;
  updatedAt: string;
  /** Guards every write; 1 for the first one. */
  version: number;
}

export interface WalletConfigStore {
  get(clientKey: string, wallet: WalletName): Promise<WalletConfig | undefined>;
  list(clientKey: string): Promise<WalletConfig[]>;
  /** Writes `config` if the stored version is still `expectedVersion` (0: none stored); false if another write won. */
  put(config: WalletConfig, expectedVersion: number, opts?: Alongside): Promise<boolean>;
}

/** Binds the sealed merchant identity key (Apple Pay's certificate key) likewise. */
export function walletIdentityKeyContext(clientKey: string, wallet: WalletName): string {
  return `wallet-identity-key:${clientKey}:${wallet}`;
}

/** Binds a sealed wallet key to its merchant and wallet: copied onto another record it does not open. */
export function walletKeyContext(clientKey: string, wallet: WalletName): string {
  return `wallet-private-key:${clientKey}:${wallet}`;
}
