/** Field rules several brands share, named once (the spec repeats them per method). */
import type { FieldSpec } from './descriptor.js';

export const CRYPTO_CURRENCIES = ['BTC', 'ETH', 'USDC', 'USDT'] as const;
export const CRYPTO_NETWORKS = ['BTC', 'ETH', 'BSC', 'TRX'] as const;

/** A required free-text parameter the spec gives no format for. */
export const requiredText = (doc: string, max = 255): FieldSpec => ({ presence: 'required', length: { max }, doc });
export const optionalText = (doc: string, max = 255): FieldSpec => ({ presence: 'optional', length: { max }, doc });

/** Email / SMS transfer answers: no spaces, 3–25 characters. */
export const securityAnswer = (presence: FieldSpec['presence']): FieldSpec => ({
  presence,
  length: { min: 3, max: 25 },
  pattern: /^\S+$/,
  patternMessage: 'This value should not contain spaces.',
  doc: 'answer to the security question, no spaces',
});

/** Payer identity number the Checkout page asks for when absent. */
export const personalId = (doc = 'payer identity number'): FieldSpec => ({ presence: 'conditional', length: { max: 64 }, doc });
