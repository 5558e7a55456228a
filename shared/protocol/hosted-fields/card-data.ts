/**
 * What the card-number iframe submits for its session (POST /hosted-fields/card-data), declared once: the frame's
 * script (shared/pages/hosted-fields/frame-page.ts) posts these names, the reader below checks them and the OpenAPI
 * document describes them. The same rules as the hosted page's card form; any problem is the client library's
 * "data format error" (onSubmitResult result undefined), without saying which value was wrong — the fields show that
 * themselves. Nothing here is logged: the values are card data.
 */
import * as z from '../../lib/zod-mini.js';
import { cardBrand, luhnValid } from '../fields.js';

export const cardDataSchema = z.object({
  card_number: z.string().check(z.meta({ description: 'Digits; spaces and hyphens are ignored.' })),
  expiry: z.string().check(z.meta({ description: '"MM/YY" or "MM/YYYY".' })),
  cvv: z.string(),
});

export type CardDataBody = z.output<typeof cardDataSchema>;

export interface SubmittedCard {
  number: string;
  expMonth: string;
  /** Four digits. */
  expYear: string;
  cvv: string;
}

export function readCardData(json: Record<string, unknown>, now: Date): SubmittedCard | undefined {
  const parsed = cardDataSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const number = parsed.data.card_number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number) || cardBrand(number) === 'unknown') return undefined;
  const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(parsed.data.expiry.trim());
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = Number(m[2]!.length === 2 ? `20${m[2]}` : m[2]);
  if (month < 1 || month > 12) return undefined;
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return undefined;
  const cvv = parsed.data.cvv.trim();
  if (!/^\d{3,4}$/.test(cvv)) return undefined;
  return { number, expMonth: String(month).padStart(2, '0'), expYear: String(year), cvv };
}
