/**
 * Envelope encryption for card numbers and merchant secrets. `context` binds a ciphertext to its owner
 * (AES-GCM additional data), so a sealed PAN copied onto another record does not open.
 */
import type { KeyPurpose } from '../lib/resources.js';

export interface SecretBox {
  seal(plaintext: string, context: string): Promise<string>;
  open(sealed: string, context: string): Promise<string>;
}

/** One box per purpose, each with its own KMS key and data keys: a card-data box never opens a wallet key. */
export type SecretBoxes = Record<KeyPurpose, SecretBox>;
