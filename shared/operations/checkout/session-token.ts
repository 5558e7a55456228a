/** The page link's token: 256 random bits, base64url. Only its SHA-256 is stored. */
import { createHash, randomBytes } from 'node:crypto';

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Shape check before any table read: a token is exactly 43 base64url characters. */
export function isSessionToken(token: string | undefined): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}
