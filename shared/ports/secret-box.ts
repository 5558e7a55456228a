/**
 * Envelope encryption for card numbers and merchant secrets. `context` binds a ciphertext to its owner
 * (AES-GCM additional data), so a sealed PAN copied onto another record does not open.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): Promise<string>;
  open(sealed: string, context: string): Promise<string>;
}
