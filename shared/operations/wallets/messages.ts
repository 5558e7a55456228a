/**
 * The wire texts of refused wallet payments, all on field payment_token (the spec shows no texts: these are ours,
 * listed in docs/wallets.md). One text per reason; the reason's detail goes to the log only.
 */
import { ValidationError } from '../../domain/errors.js';
import { MESSAGES } from '../../protocol/fields.js';
import type { WalletTokenFailure } from '../../lib/wallets/types.js';

export const WALLET_MESSAGES = {
  notConfigured: 'Wallet payments are not configured for this merchant.',
  notAvailable: 'Payments with this wallet are not available.',
  amount: 'The payment token was issued for another amount.',
  currency: 'The payment token was issued for another currency.',
  replayed: 'The payment token has already been used.',
} as const;

export const TOKEN_MESSAGES: Record<WalletTokenFailure, string> = {
  malformed: MESSAGES.invalid,
  'unsupported-version': 'The payment token version is not supported.',
  signature: 'The payment token signature is not valid.',
  environment: "The payment token was created in another environment than the merchant's wallet configuration.",
  expired: 'The payment token has expired.',
  'wrong-key': "The payment token cannot be decrypted with the merchant's wallet key.",
  decryption: "The payment token cannot be decrypted with the merchant's wallet key.",
  'unsupported-payment': 'The payment method in the token is not supported.',
  recipient: 'The payment token was issued for another merchant.',
};

export function tokenRefused(message: string, field = 'payment_token'): ValidationError {
  return ValidationError.field(field, message);
}
