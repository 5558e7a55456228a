/** Small readers for the JSON inside wallet tokens: anything missing or of the wrong type is a malformed token. */
import { parseJson as parseJsonText } from '@open-payments/protocol';
import { WalletTokenError } from './types.js';

export type Json = Record<string, unknown>;

export function parseJson(text: string, what: string): Json {
  let value: unknown;
  try {
    value = parseJsonText(text);
  } catch {
    throw new WalletTokenError('malformed', `${what} is not JSON`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new WalletTokenError('malformed', `${what} is not a JSON object`);
  return value as Json;
}

export function str(o: Json, key: string, what: string): string {
  const v = o[key];
  if (typeof v !== 'string' || v === '') throw new WalletTokenError('malformed', `${what}.${key} is missing`);
  return v;
}

export function obj(o: Json, key: string, what: string): Json {
  const v = o[key];
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new WalletTokenError('malformed', `${what}.${key} is missing`);
  return v as Json;
}

/** Strict base64 (standard alphabet, padding optional): Buffer.from would silently skip garbage. */
export function base64(value: string, what: string): Buffer {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) throw new WalletTokenError('malformed', `${what} is not base64`);
  return Buffer.from(value, 'base64');
}

/** Month "1".."12" or a number → "01".."12"; four-digit year. */
export function month(value: unknown, what: string): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 12) throw new WalletTokenError('malformed', `${what} is not a month`);
  return String(n).padStart(2, '0');
}

export function year(value: unknown, what: string): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{4}$/.test(text)) throw new WalletTokenError('malformed', `${what} is not a year`);
  return text;
}

export function pan(value: unknown, what: string): string {
  if (typeof value !== 'string' || !/^\d{12,19}$/.test(value)) throw new WalletTokenError('malformed', `${what} is not a card number`);
  return value;
}
